//! Every scheme's view, field by field, its access plan, and its error paths.

use urikit::lint::{lint, Severity};
use urikit::scheme::{Field, FtpType, GopherPlus, NewsTarget, SchemeView, WaisForm};
use urikit::{SchemeErrorKind, Spec, UrlRef};

fn view(input: &str) -> SchemeView<'_> {
    UrlRef::parse(input)
        .unwrap_or_else(|e| panic!("{input}: {e}"))
        .view()
        .unwrap_or_else(|e| panic!("{input}: {e}"))
}

#[track_caller]
fn plan(input: &str, want: &str) {
    let got = view(input)
        .plan()
        .unwrap_or_else(|e| panic!("{input}: {e}"))
        .to_string();
    assert_eq!(got, want, "{input}");
}

#[track_caller]
fn refuses(input: &str, offset: usize, kind: SchemeErrorKind) {
    let err = view(input).plan().expect_err(input);
    assert_eq!((err.offset, err.kind), (offset, kind), "{input}: {err}");
}

#[test]
fn http() {
    let SchemeView::Http(h) = view("http://info.cern.ch/a/b?x+y#f") else {
        panic!()
    };
    assert_eq!(
        (h.host(), h.port(), h.path(), h.search()),
        ("info.cern.ch", Ok(80), "/a/b", Some("x+y"))
    );
    assert_eq!(h.request_target(), "/a/b?x+y");
    let SchemeView::Http(h) = view("http://h:8080") else {
        panic!()
    };
    assert_eq!(
        (h.port(), h.path(), h.request_target()),
        (Ok(8080), "/", "/".to_owned())
    );
    plan(
        "http://info.cern.ch/hypertext/WWW/TheProject.html#x",
        "# connect to info.cern.ch port 80\n> GET /hypertext/WWW/TheProject.html HTTP/1.0<CR><LF>\n> Host: info.cern.ch<CR><LF>\n> <CR><LF>\n",
    );
}

/// https is http over TLS (RFC 9110 §4.2.2): a generic view, and a plan
/// with the TLS step and an HTTP/1.1 request.
#[test]
fn https_plans_http_over_tls() {
    assert_eq!(view("https://h/").kind(), "generic");
    // RFC 1738 defines no https: 443 is the registered default.
    plan(
        "https://Example.COM/a%20b?x+y#f",
        "# connect to Example.COM port 443 (the registered default, RFC 9110 §4.2.2)\n\
         # start TLS; the certificate must be valid for Example.COM (RFC 9110 §4.3.4)\n\
         > GET /a%20b?x+y HTTP/1.1<CR><LF>\n> Host: Example.COM<CR><LF>\n> Connection: close<CR><LF>\n> <CR><LF>\n",
    );
    let by_3986 = |input: &str| {
        UrlRef::parse_with(input, Spec::Rfc3986)
            .unwrap()
            .view()
            .unwrap()
            .plan()
            .map(|p| p.to_string())
    };
    // The port is left out of Host: when it is https's own, and kept
    // otherwise; an IPv6 literal is checked without its brackets.
    let plan = by_3986("https://h:443").unwrap();
    assert!(plan.starts_with("# connect to h port 443\n"), "{plan}");
    assert!(plan.contains("> GET / HTTP/1.1<CR><LF>\n> Host: h<CR><LF>\n"), "{plan}");
    assert!(by_3986("https://h:8443/").unwrap().contains("> Host: h:8443<CR><LF>"));
    let plan = by_3986("https://[::1]:8443/").unwrap();
    assert!(
        plan.contains("must be valid for ::1 (") && plan.contains("> Host: [::1]:8443<CR><LF>"),
        "{plan}"
    );
    // Without a host there is nothing to connect to; a port over 65535 is
    // never replaced.
    let err = by_3986("https:/a").unwrap_err();
    assert_eq!(err.kind, SchemeErrorKind::MissingHost);
    let err = by_3986("https://h:70000/").unwrap_err();
    assert_eq!(err.kind, SchemeErrorKind::PortOutOfRange);
    // http keeps RFC 1738's HTTP/1.0 and leaves out its own port 80.
    assert!(!by_3986("http://h:80/").unwrap().contains("TLS"));
    assert!(by_3986("http://h:80/").unwrap().contains("> Host: h<CR><LF>"));
}

#[test]
fn ftp_examples_of_rfc1738() {
    plan(
        "ftp://myname@host.dom/%2Fetc/motd",
        "# connect to host.dom port 21\n> USER myname<CR><LF>\n> PASS <password asked of the user><CR><LF>\n\
         > CWD /etc<CR><LF>\n> RETR motd<CR><LF>\n",
    );
    plan(
        "ftp://myname@host.dom/etc/motd",
        "# connect to host.dom port 21\n> USER myname<CR><LF>\n> PASS <password asked of the user><CR><LF>\n\
         > CWD etc<CR><LF>\n> RETR motd<CR><LF>\n",
    );
    plan(
        "ftp://myname@host.dom//etc/motd",
        "# connect to host.dom port 21\n> USER myname<CR><LF>\n> PASS <password asked of the user><CR><LF>\n\
         > CWD <CR><LF>\n> CWD etc<CR><LF>\n> RETR motd<CR><LF>\n",
    );
}

#[test]
fn ftp_fields_and_types() {
    let SchemeView::Ftp(f) = view("ftp://u:p%40ss@h:2121/a%2Fb/c/file;type=I") else {
        panic!()
    };
    assert_eq!(
        (f.host(), f.port(), f.user(), f.password()),
        ("h", Ok(2121), Some("u"), Some("p%40ss"))
    );
    let cwd: Vec<&[u8]> = f.cwd().iter().map(|d| d.as_bytes()).collect();
    assert_eq!(cwd, [&b"a/b"[..], b"c"]);
    assert_eq!(
        (f.name().as_bytes(), f.ftp_type()),
        (&b"file"[..], Some(FtpType::Image))
    );
    plan(
        "ftp://u:p%40ss@h/file;type=a",
        "# connect to h port 21\n> USER u<CR><LF>\n> PASS p@ss<CR><LF>\n> TYPE A<CR><LF>\n> RETR file<CR><LF>\n",
    );
    plan(
        "ftp://h/pub/;type=d",
        "# connect to h port 21\n> USER anonymous<CR><LF>\n> PASS <your mail address><CR><LF>\n> CWD pub<CR><LF>\n\
         > NLST<CR><LF>\n# interpret the result as a directory listing\n",
    );
    plan(
        "ftp://h",
        "# connect to h port 21\n> USER anonymous<CR><LF>\n> PASS <your mail address><CR><LF>\n\
         # no path: list the login directory\n> NLST<CR><LF>\n# interpret the result as a directory listing\n",
    );
    // An empty password is sent as one.
    plan(
        "ftp://foo:@host.com/x",
        "# connect to host.com port 21\n> USER foo<CR><LF>\n> PASS <CR><LF>\n> RETR x<CR><LF>\n",
    );
    // draft-03's longer codes, which lenient parsing lets through.
    let (url, _) = urikit::Url::parse_lenient("ftp://h/f;type=L8").unwrap();
    let SchemeView::Ftp(f) = url.view().unwrap() else {
        panic!()
    };
    assert_eq!(f.ftp_type().and_then(|t| t.type_argument()), Some("L 8".to_owned()));
    refuses("ftp://h/a%0D%0ADELE%20x", 9, SchemeErrorKind::Smuggling { byte: b'\r' });
    refuses("ftp://u%0Ax@h/a", 7, SchemeErrorKind::Smuggling { byte: b'\n' });
}

#[test]
fn gopher() {
    let SchemeView::Gopher(g) = view("gopher://h") else {
        panic!()
    };
    assert_eq!(
        (g.port(), g.gopher_type(), g.selector().as_bytes(), g.search()),
        (Ok(70), '1', &b""[..], None)
    );
    let SchemeView::Gopher(g) = view("gopher://h/7a_gopher_selector%09foobar") else {
        panic!()
    };
    assert_eq!(
        (g.gopher_type(), g.selector().as_bytes()),
        ('7', &b"a_gopher_selector"[..])
    );
    assert_eq!(g.search().map(|s| s.as_bytes()), Some(&b"foobar"[..]));
    assert_eq!(g.gopher_plus(), None);
    // The type may repeat as the selector's first character.
    let SchemeView::Gopher(g) = view("gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher") else {
        panic!()
    };
    assert_eq!(
        (g.gopher_type(), g.selector().as_bytes()),
        ('0', &b"0/Information About Gopher"[..])
    );
    plan(
        "gopher://host/0a_gopher_selector%09%09+application/postscript%20Es_ES",
        "# connect to host port 70\n> a_gopher_selector<TAB><TAB>+application/postscript Es_ES<CR><LF>\n",
    );
    plan("gopher://h:7070/1", "# connect to h port 7070\n> <CR><LF>\n");
    let kinds = [
        ("+", GopherPlus::Item),
        ("!", GopherPlus::Attributes(vec![])),
        (
            "!+ABSTRACT%20+SMELL",
            GopherPlus::Attributes(vec!["+ABSTRACT".into(), "+SMELL".into()]),
        ),
        ("$", GopherPlus::DirectoryAttributes(vec![])),
        ("$+ADMIN", GopherPlus::DirectoryAttributes(vec!["+ADMIN".into()])),
        ("?", GopherPlus::Ask),
        ("+%091%0D%0A+-1%0D%0Aa%0D%0A.%0D%0A", GopherPlus::AskData),
        (
            "+text/plain",
            GopherPlus::View {
                view: "text/plain".into(),
                language: None,
            },
        ),
        ("some_gplus_stuff", GopherPlus::Other),
    ];
    for (plus, want) in kinds {
        let input = format!("gopher://h/0sel%09%09{plus}");
        let SchemeView::Gopher(g) = view(&input) else { panic!() };
        assert_eq!(g.gopher_plus(), Some(want), "{input}");
    }
    plan(
        "gopher://h/0sel%09%09!+ABSTRACT%20+SMELL",
        "# connect to h port 70\n> sel<TAB><TAB>!+ABSTRACT +SMELL<CR><LF>\n",
    );
    // The filled-in ASK form carries CR LF by design.
    plan(
        "gopher://h/0sel%09%09+%091%0D%0A+-1%0D%0Aa%0D%0A.%0D%0A",
        "# connect to h port 70\n> sel<TAB><TAB>+<TAB>1<CR><LF>+-1<CR><LF>a<CR><LF>.<CR><LF><CR><LF>\n",
    );
    refuses(
        "gopher://h/0a%0D%0AQUIT",
        13,
        SchemeErrorKind::Smuggling { byte: b'\r' },
    );
    refuses(
        "gopher://h/0a%09b%09c%0Ad",
        21,
        SchemeErrorKind::Smuggling { byte: b'\n' },
    );
}

#[test]
fn mailto_news_nntp() {
    let SchemeView::Mailto(m) = view("mailto:timbl@info.cern.ch") else {
        panic!()
    };
    assert_eq!(m.address().as_bytes(), b"timbl@info.cern.ch");
    assert_eq!(m.local_part().as_deref(), Some(&b"timbl"[..]));
    let SchemeView::News(n) = view("news:*") else { panic!() };
    assert_eq!(n.target(), &NewsTarget::AllGroups);
    plan(
        "news:*",
        "# connect to your own news server (port 119): news URLs name no host\n> LIST<CR><LF>\n",
    );
    plan(
        "news:comp.infosystems.www",
        "# connect to your own news server (port 119): news URLs name no host\n> GROUP comp.infosystems.www<CR><LF>\n",
    );
    plan(
        "news:12345667123%41sdghfh@info.cern.ch",
        "# connect to your own news server (port 119): news URLs name no host\n\
         > ARTICLE <12345667123Asdghfh@info.cern.ch><CR><LF>\n",
    );
    refuses("news:a%0Db@c", 6, SchemeErrorKind::Smuggling { byte: b'\r' });
    // news: with nothing after it does not parse at all.
    assert!(UrlRef::parse("news:").is_err());
    let SchemeView::Nntp(n) = view("nntp://h/comp.x") else {
        panic!()
    };
    assert_eq!((n.port(), n.group(), n.article()), (Ok(119), "comp.x", None));
    plan("nntp://h/comp.x", "# connect to h port 119\n> GROUP comp.x<CR><LF>\n");
    plan(
        "nntp://h:1119/comp.x/42",
        "# connect to h port 1119\n> GROUP comp.x<CR><LF>\n> ARTICLE 42<CR><LF>\n",
    );
}

#[test]
fn telnet_rlogin_tn3270() {
    let SchemeView::Telnet(t) = view("telnet://u:p@h/") else {
        panic!()
    };
    assert_eq!(
        (t.protocol(), t.port(), t.user(), t.password()),
        ("telnet", Ok(23), Some("u"), Some("p"))
    );
    plan(
        "telnet://guest@h",
        "# connect to h port 23\n# start an interactive telnet session\n# advise the user to log in as \"guest\"\n",
    );
    let SchemeView::Telnet(t) = view("tn3270://h:2323") else {
        panic!()
    };
    assert_eq!((t.protocol(), t.port()), ("tn3270", Ok(2323)));
    let err = UrlRef::parse("rlogin://h/x").unwrap().view().unwrap_err();
    assert_eq!((err.offset, err.kind), (11, SchemeErrorKind::UnexpectedPart));
    let err = UrlRef::parse("rlogin:h").unwrap().view().unwrap_err();
    assert_eq!((err.offset, err.kind), (7, SchemeErrorKind::MissingHost));
}

#[test]
fn telnet_user_and_password_are_decoded() {
    for scheme in ["telnet", "rlogin", "tn3270"] {
        let input = format!("{scheme}://a%40b:p%3Aw@host/");
        let SchemeView::Telnet(t) = view(&input) else { panic!() };
        // As written, like the ftp view's, and decoded.
        assert_eq!((t.user(), t.password()), (Some("a%40b"), Some("p%3Aw")));
        let user = t.decoded_user().unwrap();
        let password = t.decoded_password().unwrap();
        assert_eq!((user.as_bytes(), password.as_bytes()), (&b"a@b"[..], &b"p:w"[..]));
        assert_eq!((user.offset(), password.offset()), (scheme.len() + 3, scheme.len() + 9));
        let fields = view(&input).fields();
        let field = |name| fields.iter().find(|(n, _)| *n == name).map(|(_, f)| f.clone());
        assert_eq!(field("user"), Some(Field::Text("a@b".into())), "{input}");
        assert_eq!(field("password"), Some(Field::Text("p:w".into())), "{input}");
        let port = if scheme == "rlogin" { 513 } else { 23 };
        plan(
            &input,
            &format!(
                "# connect to host port {port}\n# start an interactive {scheme} session\n# advise the user to log in as \"a@b\" with password \"p:w\"\n"
            ),
        );
    }
    // An empty user and no password; a control octet stays escaped in the note.
    let SchemeView::Telnet(t) = view("telnet://@h") else {
        panic!()
    };
    assert_eq!(t.decoded_user().map(|u| u.to_text()), Some(String::new()));
    assert!(t.decoded_password().is_none());
    plan(
        "telnet://a%0Db@h",
        "# connect to h port 23\n# start an interactive telnet session\n# advise the user to log in as \"a\\rb\"\n",
    );
}

#[test]
fn wais_three_forms() {
    let SchemeView::Wais(w) = view("wais://h/db") else {
        panic!()
    };
    assert_eq!(
        (w.port(), w.database().as_bytes(), w.form()),
        (Ok(210), &b"db"[..], &WaisForm::Database)
    );
    let SchemeView::Wais(w) = view("wais://h/db?a+b") else {
        panic!()
    };
    assert!(matches!(w.form(), WaisForm::Search(q) if q.as_bytes() == b"a+b"));
    let SchemeView::Wais(w) = view("wais://h:2100/db/TEXT/1%3D2%3B") else {
        panic!()
    };
    assert!(
        matches!(w.form(), WaisForm::Document { wtype, wpath } if wtype.as_bytes() == b"TEXT" && wpath.as_bytes() == b"1=2;")
    );
    plan(
        "wais://h/db?a+b",
        "# connect to h port 210\n# WAIS (Z39.50): search the database \"db\" for \"a+b\"\n",
    );
}

#[test]
fn file_and_prospero() {
    let SchemeView::File(f) = view("file://vms.host.edu/disk$user/my/notes/note12345.txt") else {
        panic!()
    };
    assert_eq!((f.host(), f.is_local()), ("vms.host.edu", false));
    refuses(
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        7,
        SchemeErrorKind::RemoteFile,
    );
    plan("file://localhost/etc/motd", "# open the local file /etc/motd\n");
    refuses("file:///a%00b", 9, SchemeErrorKind::Smuggling { byte: 0 });
    let SchemeView::Prospero(p) = view("prospero://host.dom//pros/name") else {
        panic!()
    };
    assert_eq!(
        (p.port(), p.hsoname().as_bytes(), p.version()),
        (Ok(1525), &b"/pros/name"[..], None)
    );
    let SchemeView::Prospero(p) = view("prospero://h/a%2Fb;x=1;y=") else {
        panic!()
    };
    assert_eq!(p.hsoname().as_bytes(), b"a/b");
    assert_eq!(
        p.fields_decoded(),
        [("x".to_owned(), "1".to_owned()), ("y".to_owned(), String::new())]
    );
    let SchemeView::Prospero(p) = view("prospero://h/name%0012") else {
        panic!()
    };
    assert_eq!((p.hsoname().as_bytes(), p.version()), (&b"name"[..], Some("12")));
}

#[test]
fn the_rest() {
    assert_eq!(view("mid:abc@def").kind(), "message-id");
    let SchemeView::MessageId(c) = view("cid:part1@cern.ch") else {
        panic!()
    };
    assert!(c.is_content_id());
    assert_eq!(view("urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3").kind(), "urn");
    assert_eq!(view("x-foo:bar").kind(), "experimental");
    assert_eq!(view("magic://a/b").kind(), "generic");
    let SchemeView::Afs(a) = view("afs://cern.ch/usr/timbl") else {
        panic!()
    };
    assert_eq!((a.cell(), a.path().as_bytes()), ("cern.ch", &b"/usr/timbl"[..]));
    plan(
        "x-foo:bar",
        "# x-foo: is an experimental scheme, used by agreement between parties; urikit knows no access algorithm\n",
    );
}

#[test]
fn every_view_lists_its_fields() {
    for input in [
        "http://h/",
        "ftp://h/a",
        "gopher://h/",
        "mailto:a@b",
        "news:*",
        "nntp://h/g",
        "telnet://h",
        "wais://h/d",
        "file:///x",
        "prospero://h/x",
        "mid:a@b",
        "afs://c/p",
        "urn:x",
        "x-y:z",
        "magic:q",
    ] {
        let v = view(input);
        assert!(!v.fields().is_empty(), "{input}");
    }
}

#[test]
fn lint_findings() {
    let findings = lint("gopher://mail.example:25/0HELO%0D%0A", Spec::Rfc1738);
    let got: Vec<(&str, Severity, Option<usize>)> = findings.iter().map(|f| (f.code, f.severity, f.offset)).collect();
    assert_eq!(
        got,
        [
            ("port-not-default", Severity::Error, Some(22)),
            ("bad-port", Severity::Error, Some(22)),
            ("encoded-delimiter", Severity::Error, Some(30)),
        ]
    );
    assert_eq!(
        findings[1].to_string(),
        "error[bad-port]: port 25 is on the list of ports browsers refuse to fetch from at offset 22 (WHATWG Fetch, bad port)"
    );
    let codes = |s: &str| {
        lint(s, Spec::Rfc1738)
            .into_iter()
            .map(|f| (f.code, f.severity))
            .collect::<Vec<_>>()
    };
    assert_eq!(codes("http://h/"), []);
    assert_eq!(codes("http://h:8080/"), [("port-not-default", Severity::Warning)]);
    assert_eq!(codes("ftp://u:secret@h/"), [("password", Severity::Warning)]);
    assert_eq!(codes("http://h/a%00b"), [("nul-escape", Severity::Warning)]);
    assert_eq!(codes("prospero://h/name%0012"), []);
    assert_eq!(codes("gopher://h/0sel#x"), [("fragment", Severity::Warning)]);
    assert_eq!(codes("http://h/a b"), [("unsafe-character", Severity::Error)]);
    assert_eq!(codes("http://u@h/"), [("grammar", Severity::Warning)]);
    assert_eq!(codes("nope"), [("invalid", Severity::Error)]);
    assert_eq!(codes("file://h/x"), []);
    // The default port written out is no hazard.
    assert_eq!(codes("gopher://h:70/"), []);
}
