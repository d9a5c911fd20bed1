//! What `edit --help` says after the options: the order of the edits, the
//! setters of `--spec whatwg`, and `--if`.

/// What `edit --help` says of the order of the edits and of `--spec whatwg`.
pub const EDIT_HELP: &str = "\
The edits apply in this order: --redirect; then every --clear and --set at once (the URL
is validated once, after them); then --append, --replace, --remove-query and --sort-query,
one after the other in the order the command line gives them (--remove-query a --append
query=a=1 removes the pairs named a, then appends one; given the other way round, the
appended pair goes too); then --punycode or --as-idn.

By whatwg, the input is read as the parser gives it (its href), strictly, and each
--clear and --set runs the URL API's setter, as a browser does (url.hostname =
\"EXAMPLE.org\" makes the host example.org): the --clears first, then each --set in the
order given. COMPONENT is a setter's name (href, protocol, username, password, host,
hostname, port, pathname, search, hash) or urikit's (scheme, user, path, query and
fragment run protocol, username, pathname, search and hash; host is the URL API's host:
the host, and a port after ':'). urikit's names mean the component, as under every
spec: query=V is the query V, what follows the '?' (query=?a gives ??a, query= an empty
query), where the setter's own name takes the value as a script's assignment does
(search=?a gives ?a, search= removes the query); fragment and hash alike. --clear
removes the component (it gives the setter the empty string, which removes a port, a
query or a fragment). A setter that ignores its value (port=abc;
protocol=foo on an https URL) leaves the URL as it was and says so on stderr, naming the
setter, the value and the reason; the URL is still written, and the exit status is 1
(--json: the record keeps the URL and is valid, the reason in its errors). A setter that
takes a part of its value, as the standard's steps take it (port=8080abc sets the port
8080; host=example.com/x and hostname=example.com?x set the host example.com;
host=example.com:99999 sets the host and leaves the port; protocol=https:x sets https),
changes the URL and says on stderr, after 'warning:', what it took and what it ignored,
and why; the exit status stays 0 (--json: a warning in the record's warnings, its offset
where the ignored part starts in the value).

  urikit edit --spec whatwg --set host=EXAMPLE.org:8080 --set pathname='/a b' https://example.com/
  https://example.org:8080/a%20b

--if COMPONENT=GLOB edits only the URLs whose COMPONENT matches GLOB (every --if, when
there are several), read from the input URL before any edit; the others are written as
they came, in their place, once (whatever --iterate says), and do not change the exit
status; with --json, their record is that of the URL as read, with \"matched\":false
(the records of the URLs edited have \"matched\":true). COMPONENT is a name --set takes:
scheme, user, password, host, port, path, query or fragment, the component as `get`
writes {:NAME}: as written in the URL, %-encoded, never decoded (path=/a%20b, not
path='/a b'), the scheme in lower case, the host alone, the port's digits; by whatwg
also the URL API's href, protocol, username, hostname, pathname, search and hash, each
the string its getter returns (protocol=http:, search=?q; '' for a part the URL lacks).
An absent component matches no GLOB, an empty one a GLOB that matches '' (query= is
true of http://h/? and not of http://h/). GLOB: * any run of characters, ? one
character, [abc] [a-z] one of a set ([!a-z] or [^a-z]: one not in it; ] first in the
set is itself), \\ the next character as itself; anything else itself, case and all.
Matching takes at most time proportional to the component's length times GLOB's.

  printf 'http://a/\\nftp://f/\\n' | urikit edit --spec rfc3986 --if scheme=http --set scheme=https
  https://a/
  ftp://f/";
