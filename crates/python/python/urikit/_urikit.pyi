"""Type stubs of the native module. Import from ``urikit``, not from here."""

from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple, Union

from . import Spec

_SpecLike = Union[Spec, str, None]

__version__: str
"""The package's version: the crate's, in ``Cargo.toml``."""

class ParseError(ValueError):
    """A URL that is not valid by its spec. ``str(e)`` is the whole message:
    ``'%' must be followed by two hex digits, found "%as" at offset 16 (escape, RFC 1738)``."""

    offset: int
    """Byte offset of the offending input (in UTF-8)."""
    rule: str
    """The BNF production that failed (``"hostport"``, ``"escape"``, ...)."""
    spec: str
    """The spec the input was checked against (``"rfc1738"``)."""
    message: str
    """What was found and what was expected, without offset, rule or spec."""

class ResolveError(ValueError):
    """A reference that does not resolve to a valid URL."""

    offset: int
    """Byte offset into ``result`` (into the reference, when it was invalid)."""
    result: Optional[str]
    """The absolute form the algorithm produced, when it produced one."""
    message: str

class PartIgnoredWarning(UserWarning):
    """A URL API setter took a part of its value and ignored the rest, as
    the URL Standard says (a port of ``"8080abc"`` sets 8080)."""

class SchemeError(ValueError):
    """A valid URL whose scheme's view or access plan cannot be made."""

    offset: int
    message: str

class URLPatternError(ValueError):
    """A pattern that does not compile, or a call the URLPattern Standard
    refuses (a dict input together with a base URL): ``offset`` in the
    pattern (or value), ``rule`` the standard's algorithm that failed,
    ``component`` the component's name (``None`` for the pattern as a
    whole), ``message`` what is wrong. ``str(e)`` is the whole message."""

    offset: int
    rule: str
    component: Optional[str]
    message: str

_PatternLike = Union[str, Mapping[str, str], None]

class URLPattern:
    """The URLPattern Standard's ``URLPattern``, as in JavaScript:
    ``URLPattern("https://*.example.com/books/:id")``, with a base URL, or
    from a dict of components (``{"pathname": "/books/:id"}``; the keys are
    the eight components and ``baseURL``; an unknown key raises
    ``TypeError``). ``ignore_case=True`` matches the pathname, search and
    hash without regard to case."""

    def __init__(
        self, pattern: _PatternLike = None, base_url: Optional[str] = None, *, ignore_case: bool = False
    ) -> None: ...
    def test(self, input: _PatternLike = None, base_url: Optional[str] = None) -> bool:
        """Whether ``input`` (a URL string, against ``base_url``, or a dict of
        components) matches."""
    def exec(self, input: _PatternLike = None, base_url: Optional[str] = None) -> Optional[Dict[str, Any]]:
        """JavaScript's ``URLPatternResult``: ``inputs``, and per component a
        dict of ``input`` and ``groups`` (a group that matched nothing is
        ``None``); ``None`` when ``input`` does not match."""
    @property
    def protocol(self) -> str: ...
    @property
    def username(self) -> str: ...
    @property
    def password(self) -> str: ...
    @property
    def hostname(self) -> str: ...
    @property
    def port(self) -> str: ...
    @property
    def pathname(self) -> str: ...
    @property
    def search(self) -> str: ...
    @property
    def hash(self) -> str: ...
    @property
    def has_regexp_groups(self) -> bool: ...
    @property
    def ignore_case(self) -> bool: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

class TemplateError(ValueError):
    """A template that is not one (``offset`` at what is wrong in it,
    ``field`` ``None``), or a URL that a field of the template refuses
    (``{must:...}`` of a part the URL lacks, ``{strict:...}`` of a value
    that would be written changed, a host UTS #46 refuses): ``offset`` at
    the field's ``{``, ``field`` the field as the message names it
    (``"must:query:id"``). ``str(e)`` is the whole message."""

    offset: int
    """Byte offset in the template (in UTF-8)."""
    field: Optional[str]
    """The field that refused the URL, between its braces; ``None`` when the
    template itself is wrong."""
    message: str
    """What is wrong, without the offset."""

class ParseWarning:
    """What a lenient parse repaired or let pass, at one offset: by
    ``spec="whatwg"`` each validation error. ``str(w)`` is the message and
    the offset."""

    offset: int
    """Byte offset in the input (in UTF-8)."""
    message: str
    """What was done: ``"accepted: ..."`` for a violation let pass."""
    rule: Optional[str]
    """For a violation let pass, the production or the WHATWG validation
    error's name (``"IPv4-non-decimal-part"``); ``None`` for a repair."""

class Url:
    """A parsed URL. ``Url(text, spec=None, lenient=None, *, base=None)`` is
    :func:`parse`.

    Components are ``None`` when absent and ``""`` when empty
    (``ftp://@host/`` has an empty user, ``ftp://host/`` none).

    ``==`` and ``hash`` compare the serialization and the spec byte for byte
    (not the warnings): ``http://h/%2D`` and ``http://h/-`` differ;
    :meth:`equivalent` compares at one encoding level. ``<`` orders by the
    serialization, then the spec's name. A ``Url`` is immutable (a copy is
    itself) and pickles as its serialization, spec and warnings.
    """

    def __init__(
        self, text: str, spec: _SpecLike = None, lenient: Optional[bool] = None, *, base: Optional[str] = None
    ) -> None: ...
    @property
    def spec(self) -> str:
        """The spec the URL was parsed by (``"rfc1738"``)."""
    @property
    def scheme(self) -> str:
        """The scheme, lower-case."""
    @property
    def user(self) -> Optional[str]: ...
    @property
    def password(self) -> Optional[str]: ...
    @property
    def host(self) -> Optional[str]:
        """The host as written; ``None`` when the URL has no authority."""
    @property
    def port(self) -> Union[int, str, None]:
        """The explicit port: an ``int`` when its digits have a 16-bit value;
        the digits as written, a ``str``, when none does (over 65535, or ``""``
        for an empty port: RFC 1808 and RFC 3986 allow any digits); ``None``
        only when absent."""
    @property
    def port_str(self) -> Optional[str]:
        """The port as written: ``""`` when empty, ``None`` when absent."""
    @property
    def path(self) -> str:
        """The path with its leading ``/`` (``""`` when there is none)."""
    @property
    def query(self) -> Optional[str]:
        """The query (search part), without ``?``."""
    @property
    def fragment(self) -> Optional[str]:
        """The fragment, without ``#``."""
    @property
    def scheme_view(self) -> Dict[str, Any]:
        """The scheme's typed view: ``kind`` and its fields (ftp's ``cwd``,
        ``name``, ``type``; gopher's ``type``, ``selector``, ...), or
        ``{"error": ...}`` when the view cannot be made."""
    @property
    def warnings(self) -> List[ParseWarning]:
        """What the parse that made this URL repaired or let pass: by
        ``spec="whatwg"`` each validation error; empty for a strict parse."""
    @property
    def href(self) -> str:
        """The serialization, ``str(url)``: the URL API's ``href``."""
    def api(self) -> Dict[str, str]:
        """The getters of the URL Standard's ``URL`` class, as JavaScript
        returns them: ``href``, ``protocol``, ``username``, ``password``,
        ``host``, ``hostname``, ``port``, ``pathname``, ``search``, ``hash``,
        ``origin``. Raises ``ValueError`` for a URL not parsed by
        ``"whatwg"``."""
    def normalize(self) -> "Url":
        """The canonical form (by WHATWG, the URL itself)."""
    def equivalent(self, other: "Url") -> bool:
        """Whether both have the same canonical form."""
    def resolve(self, reference: str) -> "Url":
        """Resolves a partial form with this URL as its context, by this
        URL's spec. Raises :class:`ResolveError`."""
    def set(self, component: str, value: Optional[str]) -> "Url":
        """A new URL with ``component`` set to ``value`` (as written,
        %-encoded); ``None`` removes it where the spec allows (removing the
        host removes the authority; the scheme and the path cannot be
        removed). This URL is left as it is.

        ``component`` is one of urikit's names (``scheme``, ``user``,
        ``password``, ``host``, ``port``, ``path``, ``query``, ``fragment``).
        For a URL parsed by ``"whatwg"`` it runs the URL API's setter, as
        ``url.hostname = value`` does in a browser: the setters' own names
        (``href``, ``protocol``, ``username``, ``password``, ``host``: the
        host and a port after ``:``, ``hostname``, ``port``, ``pathname``,
        ``search``, ``hash``) take ``None`` as the empty string (which
        removes a port, a query or a fragment); urikit's ``scheme``,
        ``user``, ``path``, ``query`` and ``fragment`` run ``protocol``,
        ``username``, ``pathname``, ``search`` and ``hash``, a query or a
        fragment given without its ``?`` or ``#`` (``""`` is an empty one,
        ``None`` removes it).

        Raises :class:`ParseError` when the URL with this value is not valid
        by its spec (``offset`` into the value), and, by ``"whatwg"``, when
        the setter ignores the value (a port of ``"abc"``, a special scheme
        set to one that is not): ``rule`` names the setter (``"port
        setter"``). Raises ``ValueError`` for an unknown component.

        By ``"whatwg"``, a setter that takes a part of the value and ignores
        the rest, as the standard says (a port of ``"8080abc"`` sets 8080; a
        host stops at ``/``), warns with :class:`PartIgnoredWarning`, which
        names both parts (``warnings.simplefilter("error",
        urikit.PartIgnoredWarning)`` makes it an error)."""
    def get(
        self,
        template: str,
        *,
        query_separator: str = "&",
        suffix_list: Union["SuffixList", str, bytes, None] = None,
        icann_only: bool = False,
    ) -> str:
        """The template filled in from this URL, as ``urikit get`` writes it
        (see :func:`urikit.get`). Raises :class:`TemplateError`."""
    @property
    def search_params(self) -> List[Tuple[str, str]]:
        """The query's name–value pairs as ``URLSearchParams`` reads them
        (``+`` is a space, ``%XX`` decoded as UTF-8); ``[]`` without a query."""
    def with_search_params(
        self, params: Union["SearchParams", str, Mapping[str, str], Iterable[Tuple[str, str]]]
    ) -> "Url":
        """A new URL whose query is ``params`` (anything :class:`SearchParams`
        takes) serialized as ``application/x-www-form-urlencoded``; an empty
        list removes the query, ``?`` and all. Raises :class:`ParseError`
        when the URL's spec allows it no such query (RFC 1738's ``ftp``)."""
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool:
        """The same serialization and the same spec (the warnings aside); a
        ``str`` is never equal to a ``Url``."""
    def __ne__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: "Url") -> bool:
        """By the serialization, then the spec's name."""
    def __le__(self, other: "Url") -> bool: ...
    def __gt__(self, other: "Url") -> bool: ...
    def __ge__(self, other: "Url") -> bool: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str, str, List[Tuple[int, str, Optional[str]]]]]:
        """Pickles as the serialization, the spec and the warnings."""
    @classmethod
    def _rebuild(cls, text: str, spec: str, warnings: List[Tuple[int, str, Optional[str]]]) -> "Url":
        """What unpickling calls: ``text`` parsed again by ``spec``; a
        ``ValueError`` when that is not the same string."""
    def __copy__(self) -> "Url":
        """The URL itself: it is immutable."""
    def __deepcopy__(self, memo: Any) -> "Url": ...

class SearchParams:
    """JavaScript's ``URLSearchParams``: a list of name–value pairs.

    ``SearchParams(init=None)`` takes a query string (a leading ``?``
    dropped), a :class:`Url` (its query), another ``SearchParams`` (a copy),
    a dict, or an iterable of ``(name, value)`` pairs; anything else raises
    ``TypeError``. ``str(params)`` is the ``application/x-www-form-urlencoded``
    serialization, ``len()`` the number of pairs, iteration gives the pairs as
    tuples (as they are when it starts), ``name in params`` is ``has(name)``.
    Equal when they hold the same pairs in the same order; not hashable."""

    def __init__(
        self, init: Union["SearchParams", Url, str, Mapping[str, str], Iterable[Tuple[str, str]], None] = None
    ) -> None: ...
    def append(self, name: str, value: str) -> None:
        """Appends a pair."""
    def delete(self, name: str, value: Optional[str] = None) -> None:
        """Removes the pairs named ``name`` (with ``value``: only those with
        that value)."""
    def has(self, name: str, value: Optional[str] = None) -> bool:
        """Whether a pair is named ``name`` (with ``value``: and has it)."""
    def get(self, name: str) -> Optional[str]:
        """The value of the first pair named ``name``, ``None`` when none is."""
    def get_all(self, name: str) -> List[str]:
        """The values of the pairs named ``name``, in order."""
    def set(self, name: str, value: str) -> None:
        """Sets the first pair named ``name`` to ``value``, removing the
        others of that name (appends it when there is none)."""
    def sort(self) -> None:
        """Sorts the pairs by name, comparing UTF-16 code units as
        JavaScript does; pairs of the same name keep their order."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Tuple[str, str]]: ...
    def __contains__(self, name: str) -> bool: ...
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...

class SuffixList:
    """A Public Suffix List: ``SuffixList()`` is the compiled-in copy
    (:attr:`BUILTIN_VERSION`); ``SuffixList(text)`` parses the text of a
    ``public_suffix_list.dat`` (``str`` or ``bytes``), once, raising
    ``ValueError`` (its ``line`` the line at fault, or ``None``) for a list
    with no rules or a rule the format does not allow. ``icann_only=True``
    keeps to the ICANN section (without the private one: ``github.io``).

    Hosts are matched as given, ASCII letters in any case, and the answers
    are slices of the host as given. A Unicode host matches too (the list
    holds each IDN rule in both forms), but only ASCII letters are folded:
    pass it through :func:`domain_to_ascii` first. A host
    has no public suffix when it is empty, an IP address, or has an empty
    label; an unlisted TLD is a public suffix of its own."""

    BUILTIN_VERSION: str
    """The version of the compiled-in list."""

    def __init__(self, text: Union[str, bytes, None] = None, *, icann_only: bool = False) -> None: ...
    @property
    def icann_only(self) -> bool:
        """Whether the list answers by its ICANN section only."""
    def public_suffix(self, host: str) -> Optional[str]:
        """The public suffix of ``host`` (``co.uk`` of ``www.example.co.uk``)."""
    def registrable_domain(self, host: str) -> Optional[str]:
        """The public suffix and the label before it (``example.co.uk``);
        ``None`` when the host is a public suffix itself."""
    def subdomain(self, host: str) -> Optional[str]:
        """The labels before the registrable domain (``www``): ``""`` when the
        host is the registrable domain, ``None`` when it has none."""
    def parts(self, host: str) -> Optional[Tuple[str, Optional[str], Optional[str], str]]:
        """``(public_suffix, registrable_domain, subdomain, section)``, the
        section ``"icann"``, ``"private"`` or ``"unlisted"`` (no rule but the
        default ``*``); ``None`` when the host has no public suffix."""

class Found:
    """A URL found in text by :func:`extract`."""

    url: str
    """The URL: wrapper and line-break whitespace removed."""
    line: int
    """Line of its first byte, from 1."""
    column: int
    """Column of its first byte, in bytes from 1."""
    start: int
    """Byte offset where it starts in the text (UTF-8), wrapper included."""
    end: int
    """Byte offset where it ends, wrapper included."""
    wrapper: str
    """``"url"`` (``<URL:...>``), ``"angle"`` (``<...>``) or ``"bare"``."""
    cut: Optional[int]
    """For a bare URL that goes on past US-ASCII (``naïve`` in
    ``https://example.com/naïve``): the byte offset of the first character
    outside it, where ``url`` stops short; ``None`` for every other URL."""
    whole: Optional[str]
    """Then the URL as written, taken whole (``None`` otherwise)."""

class Finding:
    """A hazard :func:`lint` found."""

    code: str
    """A stable short name (``"port-not-default"``, ``"bad-port"``, ...)."""
    severity: str
    """``"info"``, ``"warning"`` or ``"error"``."""
    section: str
    """Where the hazard is described (``"RFC 1738 §6"``)."""
    offset: Optional[int]
    """Byte offset in the URL, where there is one."""
    message: str

def parse(
    text: str, spec: _SpecLike = None, lenient: Optional[bool] = None, *, base: Optional[str] = None
) -> Url:
    """Parses ``text`` strictly, or with ``lenient`` after repairing what
    browsers repair (spaces encoded, ...). ``lenient=None`` is the spec's
    default: strict by the RFCs; by ``"whatwg"`` the browser's parser, each
    validation error a :class:`ParseWarning` (``lenient=False`` refuses the first
    one). With ``base``, ``text`` is parsed against it: by ``"whatwg"`` as
    ``new URL(text, base)``, by the RFCs resolved by the spec's algorithm
    (strict only). Raises :class:`ParseError` (:class:`ResolveError` by an
    RFC with a base); a base that is not a URL raises :class:`ParseError`."""

def get(
    text: str,
    template: str,
    spec: _SpecLike = None,
    lenient: Optional[bool] = None,
    *,
    base: Optional[str] = None,
    query_separator: str = "&",
    suffix_list: Union[SuffixList, str, bytes, None] = None,
    icann_only: bool = False,
) -> str:
    """``template`` filled in from ``text`` parsed as :func:`parse` parses it,
    as ``urikit get`` writes it: ``{scheme}``, ``{user}``, ``{password}``,
    ``{host}``, ``{port}``, ``{path}``, ``{query}``, ``{fragment}`` decoded
    (``+`` a space in the query; a control character written ``%XX``),
    ``{:path}`` as written, ``{url}``, ``{default:port}``, ``{query:NAME}``,
    ``{query-all:NAME}``, ``{path:N}``, ``{puny:host}``, ``{idn:host}``,
    ``{suffix}``, ``{domain}``, ``{subdomain}`` (by ``suffix_list``, the
    compiled-in list by default, its ICANN section with ``icann_only``),
    ``{zoneid}``; ``{must:...}`` and ``{strict:...}``; ``\\{`` a literal
    ``{``. A part the URL lacks writes nothing. ``query_separator`` is what
    separates the query pairs. Raises :class:`ParseError` (or
    :class:`ResolveError`) as :func:`parse` does, and :class:`TemplateError`."""

def is_valid(
    text: str, spec: _SpecLike = None, *, lenient: Optional[bool] = None, base: Optional[str] = None
) -> bool:
    """Whether ``text`` is a valid URL by ``spec``, as ``urikit check``
    says: strictly unless ``lenient`` is true, under every spec. By
    ``"whatwg"``, a valid URL string (no validation error); with
    ``lenient=True``, whether the browser's parser does not fail
    (``URL.canParse``), which is whether :func:`parse` returns a URL."""

def validate(text: str, spec: _SpecLike = None) -> List[ParseError]:
    """Every violation, in input order (not raised); empty when valid."""

def normalize(
    text: str, spec: _SpecLike = None, *, lenient: Optional[bool] = None, base: Optional[str] = None
) -> str:
    """The canonical form: lower-case scheme and host, default port dropped,
    escapes of octets unreserved in their place decoded, hex upper-case; by
    ``"whatwg"`` the ``href``. ``text`` is parsed as :func:`parse` parses it.
    Raises :class:`ParseError`."""

def equivalent(a: str, b: str, spec: _SpecLike = None) -> bool:
    """Whether ``a`` and ``b`` have the same canonical form. Raises :class:`ParseError`."""

def resolve(base: str, reference: str, spec: _SpecLike = None) -> Url:
    """Resolves ``reference`` with ``base`` as its context (RFC 1630 for the
    1994 specs, RFC 1808 §4, RFC 3986 §5.2; by ``"whatwg"`` ``new
    URL(reference, base)``, its validation errors in ``warnings``). Raises :class:`ParseError` for
    an invalid base, :class:`ResolveError` for the rest."""

def relative(base: str, target: str, spec: _SpecLike = None) -> str:
    """The shortest reference that :func:`resolve` turns back into ``target``."""

def plan(text: str, spec: _SpecLike = None) -> str:
    """The access plan as a transcript: ``> `` lines are sent (control
    characters shown as ``<CR>``, ``<LF>``, ...), ``# `` lines are comments.
    Raises :class:`ParseError` or :class:`SchemeError`."""

def extract(text: str) -> List[Found]:
    """The URLs in ``text``: ``<URL:...>`` and ``<...>`` wrappers, with line
    breaks inside them, and bare URLs. A bare URL that goes on past US-ASCII
    says so (``cut``, ``whole``)."""

def lint(text: str, spec: _SpecLike = None) -> List[Finding]:
    """The hazards the specifications warn of."""

def encode(text: str, set: str = "uchar") -> str:
    """``text`` percent-encoded by the encode set named ``set`` (``urikit encode
    --help`` lists them). Raises ``ValueError`` for a name that is no set."""

def decode(text: str, form: bool = False) -> bytes:
    """The octets ``text`` percent-decodes to; with ``form``, ``+`` is a space
    too. A ``%`` without two hex digits raises ``ValueError`` (its ``offset``
    is the ``%``'s)."""

def explain(text: str, base: Optional[str] = None) -> Dict[str, Any]:
    """``text`` (against ``base``) under every spec side by side, and the
    verdicts where they disagree: the object ``urikit explain --json`` writes
    (``input``, ``base``, ``specs`` by name, ``verdicts``)."""

def domain_to_ascii(domain: str, strict: bool = False) -> str:
    """The URL Standard's domain parser: ``domain`` in ASCII, its Unicode
    labels in Punycode (``βόλος`` is ``xn--nxasmm1c``), by UTS #46 with the
    standard's flags, as the host parser maps a host (no ``%XX`` decoded, no
    IPv4 address told apart). An ASCII domain is lower-cased. With
    ``strict``, the strict test of a valid domain (hyphens, STD3 rules and
    DNS lengths checked). Raises :class:`ParseError` (rule
    ``domain-to-ASCII``)."""

def domain_to_unicode(domain: str) -> str:
    """The URL Standard's domain to Unicode: the Punycode labels decoded
    (``xn--nxasmm1c`` is ``βόλος``); ``domain`` as given when one does not
    decode."""

def host(text: str, *, unicode: bool = False) -> str:
    """``text`` read by the URL Standard's host parser as the host of a URL
    with a special scheme, serialized: a domain in ASCII and lower case
    (``bücher.de`` is ``xn--bcher-kva.de``), an IPv4 address in any form as
    dotted decimal (``0x7f.1`` is ``127.0.0.1``), an IPv6 address compressed
    in brackets. With ``unicode``, the form a browser displays (the Punycode
    labels decoded). Validation errors that are not failures are let pass;
    a failure raises :class:`ParseError` (``rule`` the validation error,
    ``offset`` in ``text``). What ``urikit host`` prints."""

def public_suffix(
    host: str, icann_only: bool = False, *, suffix_list: Union[SuffixList, str, bytes, None] = None
) -> Optional[str]:
    """The public suffix of ``host`` by the Public Suffix List (see
    :class:`SuffixList`): ``co.uk`` of ``www.example.co.uk``; ``None`` for an
    IP address, an empty host or one with an empty label. ``icann_only``
    keeps to the ICANN section; ``suffix_list`` is another list, or its text
    (parsed at each call: make a :class:`SuffixList` once instead)."""

def registrable_domain(
    host: str, icann_only: bool = False, *, suffix_list: Union[SuffixList, str, bytes, None] = None
) -> Optional[str]:
    """The registrable domain of ``host``: its public suffix and the label
    before it (``example.co.uk``); ``None`` when the host is a public suffix
    itself or has none. Arguments as :func:`public_suffix`."""

def subdomain(
    host: str, icann_only: bool = False, *, suffix_list: Union[SuffixList, str, bytes, None] = None
) -> Optional[str]:
    """The labels of ``host`` before its registrable domain (``www``): ``""``
    when the host is the registrable domain, ``None`` when it has none.
    Arguments as :func:`public_suffix`."""

def default_spec() -> str:
    """The default spec's name: ``URIKIT_SPEC`` when set and not empty, else
    ``"rfc1738"``. Raises ``ValueError`` when ``URIKIT_SPEC`` names no spec."""

def spec_name(spec: _SpecLike = None) -> str:
    """The name of the spec ``spec`` names (any case), or of the default."""

def arrow_is_valid(
    array: Any,
    spec: _SpecLike = None,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any: ...
def arrow_parse(
    array: Any,
    spec: _SpecLike = None,
    threads: Optional[int] = None,
    scheme_view: bool = False,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any: ...
def arrow_normalize(
    array: Any,
    spec: _SpecLike = None,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any: ...
def arrow_get(
    array: Any,
    component: str,
    spec: _SpecLike = None,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any: ...
def arrow_get_template(
    array: Any,
    template: str,
    spec: _SpecLike = None,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
    query_separator: str = "&",
    suffix_list: Union[SuffixList, str, bytes, None] = None,
    icann_only: bool = False,
) -> Any: ...
def arrow_suffix_part(
    array: Any,
    part: str,
    spec: _SpecLike = None,
    threads: Optional[int] = None,
    hosts: bool = False,
    icann_only: bool = False,
    suffix_list: Union[SuffixList, str, bytes, None] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any: ...
def arrow_explain_verdicts(
    array: Any, _spec: _SpecLike = None, threads: Optional[int] = None, base: Optional[str] = None
) -> Any: ...
def arrow_match(
    array: Any, pattern: URLPattern, base_url: Optional[str] = None, threads: Optional[int] = None
) -> Any: ...
def arrow_domain_to_ascii(
    array: Any, _spec: _SpecLike = None, threads: Optional[int] = None, strict: bool = False
) -> Any: ...
