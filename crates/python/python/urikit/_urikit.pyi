"""Type stubs of the native module. Import from ``urikit``, not from here."""

from typing import Any, Dict, List, Optional, Union

from . import Spec

_SpecLike = Union[Spec, str, None]

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

class SchemeError(ValueError):
    """A valid URL whose scheme's view or access plan cannot be made."""

    offset: int
    message: str

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

    ``==`` and ``hash`` compare the serialization and the spec byte for byte:
    ``http://h/%2D`` and ``http://h/-`` differ; :meth:`equivalent` compares at
    one encoding level.
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
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

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

def is_valid(
    text: str, spec: _SpecLike = None, *, lenient: Optional[bool] = None, base: Optional[str] = None
) -> bool:
    """Whether :func:`parse` with the same arguments returns a URL: by
    ``"whatwg"``, whether the browser's parser does (``URL.canParse``), and
    with ``lenient=False`` whether it is a valid URL string (no validation
    error)."""

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
