//! RFC 3986 §5.2.4 "Remove Dot Segments".

/// Removes the special `.` and `..` complete path segments from `path`, by
/// the RFC 3986 §5.2.4 algorithm: an input buffer consumed from the left,
/// rules A to E applied in order, each step moving or dropping one segment.
///
/// The output buffer only grows at its end and shrinks by its last segment,
/// so this runs in time linear in the path.
///
/// # Examples
///
/// ```
/// use urikit::resolve::remove_dot_segments::remove_dot_segments;
///
/// // The two worked examples of §5.2.4.
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/../g"), "/g");
/// assert_eq!(remove_dot_segments("."), "");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut input = path;
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../").or_else(|| input.strip_prefix("./")) {
            // A: a prefix of "../" or "./" is removed.
            input = rest;
        } else if input.starts_with("/./") {
            // B: "/./" becomes "/".
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") {
            // C: "/../" becomes "/", and the last segment of the output goes.
            input = &input[3..];
            pop_last_segment(&mut out);
        } else if input == "/.." {
            input = "/";
            pop_last_segment(&mut out);
        } else if input == "." || input == ".." {
            // D: a lone "." or ".." is removed.
            input = "";
        } else {
            // E: the first segment, with any '/' before it, moves to the
            // output (up to, not including, the next '/').
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| start + i);
            out.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    out
}

/// Removes the last segment of `out` and the `/` before it, if any.
fn pop_last_segment(out: &mut String) {
    out.truncate(out.rfind('/').unwrap_or(0));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::answers;

    #[test]
    fn rules() {
        answers(
            remove_dot_segments,
            &[
                ("", ""),
                ("/", "/"),
                ("/a/..", "/"),
                ("/a/.", "/a/"),
                ("a/../..", "/"),
                ("../a", "a"),
                ("//../g", "/g"),
                ("/a//../g", "/a/g"),
                ("/.../g", "/.../g"),
            ],
        );
    }
}
