//! IPv4 addresses as numbers: the dotted-decimal form RFC 3986 reads, and
//! the serializer the WHATWG URL Standard writes.

/// RFC 3986 §3.2.2 `IPv4address = dec-octet "." dec-octet "." dec-octet "."
/// dec-octet`, where `dec-octet` is 0-255 without leading zeros. It is also
/// the WHATWG URL Standard's "valid IPv4-address string" (URL Standard §3.3).
pub(crate) fn is_ipv4address(b: &[u8]) -> bool {
    let mut i = 0;
    let mut octets = 0;
    loop {
        let start = i;
        let mut value = 0u32;
        while i < b.len() && i - start < 3 && b[i].is_ascii_digit() {
            value = value * 10 + u32::from(b[i] - b'0');
            i += 1;
        }
        let len = i - start;
        if len == 0 || value > 255 || (len > 1 && b[start] == b'0') {
            return false;
        }
        octets += 1;
        if octets == 4 {
            return i == b.len();
        }
        if b.get(i) != Some(&b'.') {
            return false;
        }
        i += 1;
    }
}

/// The IPv4 serializer (URL Standard §3.6): four decimal numbers, most
/// significant first, separated by `.`.
pub(crate) fn serialize(address: u32, out: &mut String) {
    for (i, byte) in address.to_be_bytes().into_iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        push_decimal(out, byte);
    }
}

fn push_decimal(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dotted_decimal() {
        assert!(is_ipv4address(b"0.0.0.0") && is_ipv4address(b"255.255.255.255"));
        for bad in [
            "1.2.3",
            "1.2.3.4.5",
            "1.2.3.256",
            "01.2.3.4",
            "1.2.3.",
            "1..2.3",
            "1.2.3.4a",
        ] {
            assert!(!is_ipv4address(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn serializes_most_significant_first() {
        for (n, want) in [
            (0, "0.0.0.0"),
            (0x7f00_0001, "127.0.0.1"),
            (u32::MAX, "255.255.255.255"),
            (0x0a64_0a0b, "10.100.10.11"),
        ] {
            let mut s = String::new();
            serialize(n, &mut s);
            assert_eq!(s, want);
        }
    }
}
