//! Every object `parse --json` writes has each key once: JSON readers differ
//! on a repeated key (first wins, last wins, or an error), so one must not
//! occur.

mod common;

use std::collections::{BTreeSet, HashSet};
use std::fmt;

use common::urikit_with_stdin;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// A JSON value read only to find a repeated key in any of its objects.
struct Unique;

impl<'de> de::Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        while seq.next_element::<Unique>()?.is_some() {}
        Ok(Unique)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format!("the key {key:?} twice in one object")));
            }
            map.next_value::<Unique>()?;
        }
        Ok(Unique)
    }
}

/// Why `line` is not JSON with unique keys, if it is not.
fn repeated_key(line: &str) -> Option<String> {
    serde_json::from_str::<Unique>(line).err().map(|e| e.to_string())
}

/// Every input of the seed cases, and a URL of every scheme the views know.
fn inputs() -> Vec<String> {
    common::seed_inputs(&[
        "http://u:p@h:8080/a/b?q#f",
        "ftp://u:p@h/a/b;type=d",
        "gopher://h:70/7sel%09search",
        "mailto:a@b.c",
        "news:id@host",
        "news:*",
        "nntp://h/g/1",
        "telnet://u:p@h:23/",
        "rlogin://h/",
        "tn3270://h/",
        "wais://h/db?s",
        "wais://h/db/t/p",
        "file://localhost/etc/x",
        "prospero://h/p;a=b;c=d",
        "mid:x@y",
        "cid:part1.abc@host",
        "afs://cell/path",
        "urn:isbn:0",
        "x-foo:bar",
        "z39.50s://h/",
        "http://h:99999/",
    ])
}

#[test]
fn the_checker_finds_a_repeated_key_at_any_depth() {
    assert_eq!(repeated_key(r#"{"a":1,"b":{"a":2},"c":[{"a":3}]}"#), None);
    assert!(repeated_key(r#"{"a":1,"a":2}"#).is_some());
    assert!(repeated_key(r#"{"v":{"kind":"x","kind":"y"}}"#).is_some());
    assert!(repeated_key(r#"{"e":[{"m":1},{"m":1,"m":2}]}"#).is_some());
    assert!(repeated_key("{").is_some());
}

#[test]
fn parse_json_writes_each_key_once_per_object() {
    let mut stdin = inputs().join("\n").into_bytes();
    stdin.extend_from_slice(b"\nhttp://a/\xff\nnot a url\n");
    let mut kinds = BTreeSet::new();
    let mut lines = 0;
    common::each_json_record(&stdin, |args, line| {
        if let Some(why) = repeated_key(line) {
            panic!("{args:?}: {why}\n{line}");
        }
        let value: Value = serde_json::from_str(line).unwrap();
        if let Some(kind) = value["scheme_view"]["kind"].as_str() {
            kinds.insert(kind.to_owned());
        }
        lines += 1;
    });
    // The views of every kind were among the records checked.
    for kind in common::VIEW_KINDS {
        assert!(kinds.contains(kind), "no {kind} view among {kinds:?}");
    }
    println!("{lines} records checked, {} kinds", kinds.len());
}

#[test]
fn a_content_id_view_names_its_kind_of_identifier_apart_from_the_view_kind() {
    let run = urikit_with_stdin(
        &["parse", "--json", "--spec", "rfc1630"],
        b"cid:part1@host\nmid:m1@host\n",
    );
    let lines: Vec<Value> = run.stdout().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["scheme_view"]["kind"], "message-id");
    assert_eq!(lines[0]["scheme_view"]["id_kind"], "content-id");
    assert_eq!(lines[1]["scheme_view"]["kind"], "message-id");
    assert_eq!(lines[1]["scheme_view"]["id_kind"], "message-id");
}
