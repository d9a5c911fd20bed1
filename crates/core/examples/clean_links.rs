//! Cleans a list of links, as a program built on the `url` crate would:
//! move them to https on one host, tag them, drop tracking parameters and
//! fragments, sort their queries, and count them by host.
//!
//! Run it with `cargo run -p urikit --example clean_links`.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use urikit::{ParseError, Spec, Url};

/// A link as it is stored: the URL, read by RFC 3986.
#[derive(Debug, Serialize, Deserialize)]
struct Link {
    title: String,
    #[serde(with = "urikit::serde::rfc3986")]
    url: Url,
}

fn clean(url: &mut Url) -> Result<(), ParseError> {
    url.set_scheme("https")?;
    if url.host() == Some("old.example.org") {
        url.set_host(Some("www.example.org"))?;
    }
    url.append_query_pair("ref", "newsletter 7")?;
    url.remove_query_pairs("utm_*")?;
    url.set_fragment(None)?;
    url.sort_query_pairs()?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let inputs = [
        "http://old.example.org/news?utm_source=mail&id=42&utm_medium=email#comments",
        "http://www.example.org:8080/search?q=url+parsing&lang=en",
        "http://old.example.org/about",
    ];
    let mut urls = Vec::new();
    for input in inputs {
        // FromStr and TryFrom, by RFC 1738 (the default spec) ...
        let strict: Url = input.parse()?;
        assert_eq!(Url::try_from(input)?, strict);
        // ... and by RFC 3986, which knows https.
        let mut url = Url::parse_with(input, Spec::Rfc3986)?;
        clean(&mut url)?;
        urls.push(url);
    }

    for url in &urls {
        let port = match url.port_or_default() {
            Ok(Some(port)) => port.to_string(),
            Ok(None) => "none".to_owned(),
            // RFC 3986 allows any digits: no 16-bit port holds them.
            Err(_) => format!("{} (out of range)", url.port_str().unwrap_or_default()),
        };
        println!("{url}  (host {}, port {port})", url.host().unwrap_or(""));
        for (name, value) in url.query_pairs() {
            println!("    {name} = {value}");
        }
    }

    // Ord and Hash: sort, and count by host.
    urls.sort();
    let mut by_host: HashMap<&str, Vec<&Url>> = HashMap::new();
    for url in &urls {
        by_host.entry(url.host().unwrap_or("")).or_default().push(url);
    }
    let mut seen: HashMap<Url, usize> = HashMap::new();
    for url in &urls {
        *seen.entry(url.clone()).or_default() += 1;
    }
    println!("{} hosts, {} distinct URLs", by_host.len(), seen.len());

    // Serde: a URL is its string, and reads back by the spec the field names.
    let link = Link {
        title: "News".into(),
        url: urls[0].clone(),
    };
    let json = serde_json::to_string(&link)?;
    let back: Link = serde_json::from_str(&json)?;
    assert_eq!(back.url, link.url);
    println!("{json}");
    Ok(())
}
