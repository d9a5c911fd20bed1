//! IPv6 addresses as numbers: the parser and the serializer of the WHATWG
//! URL Standard (§3.5 "Host parsing", §3.6 "Host serializing"), whose
//! serialization is RFC 5952's canonical text form.
//!
//! RFC 3986 checks its `IPv6address` production in `rfc3986::host` and keeps
//! the text as written; this is for a grammar that turns an address into
//! its eight pieces and writes them back.

/// How an address failed to parse: the offset (into the text between the
/// brackets) and the URL Standard's validation-error name.
pub(crate) type Failure = (usize, &'static str);

/// The result of the IPv6 parser: the pieces or the failure, and the offsets
/// of every piece written with a leading zero (`IPv6-piece-leading-zero`, a
/// validation error that is not a failure).
pub(crate) struct Parsed {
    pub(crate) address: Result<[u16; 8], Failure>,
    pub(crate) leading_zeros: Vec<usize>,
}

/// The IPv6 parser (URL Standard §3.5), step by step, over `input` (the text
/// between `[` and `]`).
pub(crate) fn parse(input: &[u8]) -> Parsed {
    let mut leading_zeros = Vec::new();
    let address = parse_steps(input, &mut |k| leading_zeros.push(k));
    Parsed { address, leading_zeros }
}

/// The IPv6 parser's answer alone, the pieces or the failure, without
/// noting leading zeros: it allocates nothing.
pub(crate) fn address(input: &[u8]) -> Result<[u16; 8], Failure> {
    parse_steps(input, &mut |_| {})
}

/// The steps of the IPv6 parser; `leading_zero` hears of each piece written
/// with a leading zero.
fn parse_steps(input: &[u8], leading_zero: &mut impl FnMut(usize)) -> Result<[u16; 8], Failure> {
    let c = |p: usize| input.get(p).copied();
    // 1-4.
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    // 5. A leading "::".
    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return Err((p, "IPv6-invalid-compression"));
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    // 6.
    while let Some(ch) = c(p) {
        // 6.1.
        if piece_index == 8 {
            return Err((p, "IPv6-too-many-pieces"));
        }
        // 6.2.
        if ch == b':' {
            if compress.is_some() {
                return Err((p, "IPv6-multiple-compression"));
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // 6.3-6.4.
        let start = p;
        let mut value: u32 = 0;
        let mut length = 0;
        while length < 4 {
            match c(p).and_then(|d| (d as char).to_digit(16)) {
                Some(d) => {
                    value = value * 0x10 + d;
                    p += 1;
                    length += 1;
                }
                None => break,
            }
        }
        // 6.5. An IPv4 address in the last two pieces.
        if c(p) == Some(b'.') {
            if length == 0 {
                return Err((p, "IPv4-in-IPv6-invalid-code-point"));
            }
            p -= length;
            if piece_index > 6 {
                return Err((p, "IPv4-in-IPv6-too-many-pieces"));
            }
            let mut numbers_seen = 0;
            while let Some(ch) = c(p) {
                let mut ipv4_piece: Option<u32> = None;
                if numbers_seen > 0 {
                    if ch == b'.' && numbers_seen < 4 {
                        p += 1;
                    } else {
                        return Err((p, "IPv4-in-IPv6-invalid-code-point"));
                    }
                }
                if !c(p).is_some_and(|d| d.is_ascii_digit()) {
                    return Err((p, "IPv4-in-IPv6-invalid-code-point"));
                }
                while let Some(d) = c(p).filter(u8::is_ascii_digit) {
                    let number = u32::from(d - b'0');
                    ipv4_piece = match ipv4_piece {
                        None => Some(number),
                        Some(0) => return Err((p, "IPv4-in-IPv6-invalid-code-point")),
                        Some(n) => Some(n * 10 + number),
                    };
                    if ipv4_piece > Some(255) {
                        return Err((p, "IPv4-in-IPv6-out-of-range-part"));
                    }
                    p += 1;
                }
                let piece = u32::from(address[piece_index]) * 0x100 + ipv4_piece.unwrap_or(0);
                address[piece_index] = piece as u16;
                numbers_seen += 1;
                if numbers_seen == 2 || numbers_seen == 4 {
                    piece_index += 1;
                }
            }
            if numbers_seen != 4 {
                return Err((p, "IPv4-in-IPv6-too-few-parts"));
            }
            break;
        }
        // 6.6-6.7.
        if c(p) == Some(b':') {
            p += 1;
            if c(p).is_none() {
                return Err((p, "IPv6-invalid-code-point"));
            }
        } else if c(p).is_some() {
            return Err((p, "IPv6-invalid-code-point"));
        }
        // 6.8.
        if length > 1 && value < 1 << (4 * (length - 1)) {
            leading_zero(start);
        }
        // 6.9-6.10.
        address[piece_index] = value as u16;
        piece_index += 1;
    }
    // 7. Move the pieces after "::" to the end.
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        // 8.
        return Err((input.len(), "IPv6-too-few-pieces"));
    }
    Ok(address)
}

/// The IPv6 serializer (URL Standard §3.6): lower-case hex pieces without
/// leading zeros, the first longest run of two or more zero pieces written
/// as `::`.
pub(crate) fn serialize(address: &[u16; 8], out: &mut String) {
    // 2. The first longest run of zeros, if longer than one piece.
    let (mut best, mut best_len) = (None, 1);
    let mut i = 0;
    while i < 8 {
        if address[i] == 0 {
            let start = i;
            while i < 8 && address[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                best = Some(start);
                best_len = i - start;
            }
        } else {
            i += 1;
        }
    }
    // 3-5.
    let mut ignore0 = false;
    for (index, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if best == Some(index) {
            out.push_str(if index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        push_hex(out, piece);
        if index != 7 {
            out.push(':');
        }
    }
}

fn push_hex(out: &mut String, n: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut started = false;
    for shift in [12, 8, 4, 0] {
        let d = (n >> shift) & 0xf;
        if d != 0 || started || shift == 0 {
            started = true;
            out.push(char::from(HEX[usize::from(d)]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(s: &str) -> Result<String, Failure> {
        let a = parse(s.as_bytes()).address?;
        let mut out = String::new();
        serialize(&a, &mut out);
        Ok(out)
    }

    #[test]
    fn compresses_the_first_longest_run() {
        for (input, want) in [
            ("::", "::"),
            ("::1", "::1"),
            ("1::", "1::"),
            ("0:0:1:0:0:0:1:0", "0:0:1::1:0"),
            ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),
            ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"),
            ("1:0:3:4:5:6:7:8", "1:0:3:4:5:6:7:8"),
            ("::ffff:1.2.3.4", "::ffff:102:304"),
            ("0000:0:0:0:0:0:0:0001", "::1"),
            ("ABCD::", "abcd::"),
        ] {
            assert_eq!(round(input).as_deref(), Ok(want), "{input}");
        }
    }

    #[test]
    fn failures_are_named() {
        for (input, name) in [
            (":1", "IPv6-invalid-compression"),
            ("1:2:3:4:5:6:7:8:9", "IPv6-too-many-pieces"),
            ("1::2::3", "IPv6-multiple-compression"),
            ("1:", "IPv6-invalid-code-point"),
            ("g::", "IPv6-invalid-code-point"),
            ("1:2", "IPv6-too-few-pieces"),
            ("1:2:3:4:5:6:7:1.2.3.4", "IPv4-in-IPv6-too-many-pieces"),
            ("::1.2.3", "IPv4-in-IPv6-too-few-parts"),
            ("::1.2.3.256", "IPv4-in-IPv6-out-of-range-part"),
            ("::01.2.3.4", "IPv4-in-IPv6-invalid-code-point"),
        ] {
            assert_eq!(parse(input.as_bytes()).address.map_err(|e| e.1), Err(name), "{input}");
        }
        assert_eq!(parse(b"::0001").leading_zeros, [2]);
    }
}
