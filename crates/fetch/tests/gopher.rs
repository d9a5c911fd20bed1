//! gopher against pygopherd (menus without a final `.`) and gophernicus
//! behind socat (menus with one) on 127.0.0.1.

mod servers;

use servers::{fetch, fetch_with, opts, Scratch};

fn tree() -> (Scratch, Vec<u8>) {
    let root = Scratch::new("gopherroot");
    root.put("a.txt", b"hello\nsecond line\n");
    let binary: Vec<u8> = (0..70_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u8)
        .collect();
    root.put("b.bin", &binary);
    root.put("sub/c.txt", b"in sub\n");
    root.put("my file;v1.txt", b"space and semicolon\n");
    // pygopherd runs an executable file with the search in $SEARCHREQUEST;
    // gophernicus runs what is in cgi-bin/.
    let script = b"#!/bin/sh\necho \"search=[$SEARCHREQUEST]\"\n";
    servers::chmod(&root.put("search", script), 0o755);
    servers::chmod(&root.put("cgi-bin/search", script), 0o755);
    // An RFC 1436 text item: '.'-stuffed, ended by a '.' line.
    servers::chmod(
        &root.put(
            "cgi-bin/dotted",
            b"#!/bin/sh\nprintf 'line one\\r\\n..dot line\\r\\n...two dots\\r\\n.\\r\\n'\n",
        ),
        0o755,
    );
    (root, binary)
}

fn lines(b: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(b).lines().map(str::to_owned).collect()
}

#[test]
fn pygopherd_items_menus_search_and_errors() {
    let (root, binary) = tree();
    let server = servers::pygopherd(root.path());
    let at = server.addr();
    let a = fetch(&format!("gopher://{at}/0/a.txt"));
    assert_eq!(a.ok(), b"hello\nsecond line\n");
    assert_eq!(a.sent(), ["> /a.txt<CR><LF>"]);
    assert_eq!(fetch(&format!("gopher://{at}/9/b.bin")).ok(), &binary[..]);
    assert_eq!(fetch(&format!("gopher://{at}/0/sub/c.txt")).ok(), b"in sub\n");
    let f = fetch(&format!("gopher://{at}/0/my%20file%3Bv1.txt"));
    assert_eq!(f.ok(), b"space and semicolon\n");
    assert_eq!(f.sent(), ["> /my file;v1.txt<CR><LF>"]);
    // The search goes after a TAB on the selector line.
    let s = fetch(&format!("gopher://{at}/0/search%09hello%20world"));
    assert_eq!(s.ok(), b"search=[hello world]\n");
    assert_eq!(s.sent(), ["> /search<TAB>hello world<CR><LF>"]);
    // A menu without a final '.' line: one line per item, its own URL.
    let m = fetch(&format!("gopher://{at}/1"));
    let menu = lines(m.ok());
    assert_eq!(m.sent(), ["> <CR><LF>"]);
    for item in [
        format!("gopher://{at}/0/a.txt\ta.txt"),
        format!("gopher://{at}/9/b.bin\tb.bin"),
        format!("gopher://{at}/1/sub\tsub"),
        format!("gopher://{at}/0/my%20file;v1.txt\tmy file;v1.txt"),
    ] {
        assert!(menu.contains(&item), "{item:?} not in {menu:?}");
    }
    assert_eq!(menu.len(), 6, "{menu:?}");
    // Each item's URL fetches that item.
    let sub = lines(fetch(&format!("gopher://{at}/1/sub")).ok());
    assert_eq!(sub, [format!("gopher://{at}/0/sub/c.txt\tc.txt")]);
    let (url, _) = sub[0].split_once('\t').unwrap();
    assert_eq!(fetch(url).ok(), b"in sub\n");
    // --raw: the bytes as sent.
    let mut o = opts();
    o.raw = true;
    let raw = fetch_with(&format!("gopher://{at}/1/sub"), &o);
    assert_eq!(
        raw.ok(),
        format!("0c.txt\t/sub/c.txt\t127.0.0.1\t{}\t+\r\n", server.port).as_bytes()
    );
    // A type-3 error item is an error.
    let e = fetch(&format!("gopher://{at}/0/nope")).err();
    assert!(e.contains("\"/nope\"") && e.contains("does not exist"), "{e}");
}

#[test]
fn gophernicus_menus_end_with_a_dot_and_text_is_unstuffed() {
    let (root, binary) = tree();
    let server = servers::gophernicus(root.path());
    let at = server.addr();
    assert_eq!(fetch(&format!("gopher://{at}/9/b.bin")).ok(), &binary[..]);
    let mut o = opts();
    o.raw = true;
    let raw = fetch_with(&format!("gopher://{at}/1/sub/"), &o);
    assert!(
        raw.ok().ends_with(b"\r\n.\r\n"),
        "{:?}",
        String::from_utf8_lossy(raw.ok())
    );
    let menu = lines(fetch(&format!("gopher://{at}/1/sub/")).ok());
    assert_eq!(
        menu.last().unwrap(),
        &format!("gopher://{at}/0/sub/c.txt\tc.txt"),
        "{menu:?}"
    );
    assert!(!menu.iter().any(|l| l == "." || l == "\t."), "{menu:?}");
    // Text sent RFC 1436's way: the '.' line dropped, '..' back to '.'.
    let d = fetch(&format!("gopher://{at}/0/cgi-bin/dotted"));
    assert_eq!(d.ok(), b"line one\r\n.dot line\r\n..two dots\r\n");
    let raw = fetch_with(&format!("gopher://{at}/0/cgi-bin/dotted"), &o);
    assert_eq!(raw.ok(), b"line one\r\n..dot line\r\n...two dots\r\n.\r\n");
    let s = fetch(&format!("gopher://{at}/0/cgi-bin/search%09hello%20world"));
    assert_eq!(s.ok(), b"search=[hello world]\n");
    // gophernicus turns LF into CR LF in text files.
    assert_eq!(
        fetch(&format!("gopher://{at}/0/a.txt")).ok(),
        b"hello\r\nsecond line\r\n"
    );
}
