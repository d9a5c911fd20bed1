//! URLPattern Standard §2.3 "Constructor string parsing": a pattern written
//! as one URL-like string (`https://*.example.com/books/:id`) split into
//! the components of an init, by a state machine over its tokens (read
//! with the lenient policy), before any component is parsed as a pattern.

use super::canonicalize::Canon;
use super::component::compile;
use super::error::PatternError;
use super::init::UrlPatternInit;
use super::parser::Options;
use super::tokenizer::{tokenize, Policy, Token, TokenType};
use super::{protocol_component_matches_a_special_scheme, PatternComponent, PatternComponent as C};

/// The states of the constructor string parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Init,
    Authority,
    /// In the string of a component.
    In(PatternComponent),
    Done,
}

impl State {
    fn component(self) -> Option<PatternComponent> {
        match self {
            State::In(c) => Some(c),
            State::Init | State::Authority | State::Done => None,
        }
    }
}

struct Parser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    result: UrlPatternInit,
    /// Where each component's string starts in the input.
    starts: [usize; 8],
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    hostname_ipv6_bracket_depth: usize,
    protocol_matches_a_special_scheme: bool,
    state: State,
}

/// §2.3 "parse a constructor string": the init the string writes, and where
/// each component's string starts in it.
///
/// # Errors
///
/// Those of compiling the protocol, which the parser does to know whether
/// it is special.
pub(crate) fn parse_constructor_string(input: &str) -> Result<(UrlPatternInit, [usize; 8]), PatternError> {
    let mut p = Parser {
        input,
        tokens: tokenize(input, Policy::Lenient)?,
        result: UrlPatternInit::default(),
        starts: [0; 8],
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_a_special_scheme: false,
        state: State::Init,
    };
    while p.token_index < p.tokens.len() {
        p.token_increment = 1;
        if p.tokens[p.token_index].ty == TokenType::End {
            match p.state {
                State::Init => {
                    p.rewind();
                    if p.is_hash_prefix() {
                        p.change_state(State::In(C::Hash), 1);
                    } else if p.is_search_prefix() {
                        p.change_state(State::In(C::Search), 1);
                    } else {
                        p.change_state(State::In(C::Pathname), 0);
                    }
                    p.token_index += p.token_increment;
                    continue;
                }
                State::Authority => {
                    p.rewind_and_set_state(State::In(C::Hostname));
                    p.token_index += p.token_increment;
                    continue;
                }
                _ => {
                    p.change_state(State::Done, 0);
                    break;
                }
            }
        }
        if p.is_group_open() {
            p.group_depth += 1;
            p.token_index += p.token_increment;
            continue;
        }
        if p.group_depth > 0 {
            if p.is_group_close() {
                p.group_depth -= 1;
            } else {
                p.token_index += p.token_increment;
                continue;
            }
        }
        match p.state {
            State::Init => {
                if p.is_non_special_pattern_char(p.token_index, ":") {
                    p.rewind_and_set_state(State::In(C::Protocol));
                }
            }
            State::In(C::Protocol) => {
                if p.is_non_special_pattern_char(p.token_index, ":") {
                    p.compute_protocol_matches_a_special_scheme()?;
                    let (mut next, mut skip) = (State::In(C::Pathname), 1);
                    if p.next_is_authority_slashes() {
                        (next, skip) = (State::Authority, 3);
                    } else if p.protocol_matches_a_special_scheme {
                        next = State::Authority;
                    }
                    p.change_state(next, skip);
                }
            }
            State::Authority => {
                if p.is_non_special_pattern_char(p.token_index, "@") {
                    p.rewind_and_set_state(State::In(C::Username));
                } else if p.is_non_special_pattern_char(p.token_index, "/")
                    || p.is_search_prefix()
                    || p.is_hash_prefix()
                {
                    p.rewind_and_set_state(State::In(C::Hostname));
                }
            }
            State::In(C::Username) => {
                if p.is_non_special_pattern_char(p.token_index, ":") {
                    p.change_state(State::In(C::Password), 1);
                } else if p.is_non_special_pattern_char(p.token_index, "@") {
                    p.change_state(State::In(C::Hostname), 1);
                }
            }
            State::In(C::Password) => {
                if p.is_non_special_pattern_char(p.token_index, "@") {
                    p.change_state(State::In(C::Hostname), 1);
                }
            }
            State::In(C::Hostname) => {
                if p.is_non_special_pattern_char(p.token_index, "[") {
                    p.hostname_ipv6_bracket_depth += 1;
                } else if p.is_non_special_pattern_char(p.token_index, "]") {
                    p.hostname_ipv6_bracket_depth = p.hostname_ipv6_bracket_depth.saturating_sub(1);
                } else if p.is_non_special_pattern_char(p.token_index, ":") && p.hostname_ipv6_bracket_depth == 0 {
                    p.change_state(State::In(C::Port), 1);
                } else if p.is_non_special_pattern_char(p.token_index, "/") {
                    p.change_state(State::In(C::Pathname), 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::In(C::Search), 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::In(C::Hash), 1);
                }
            }
            State::In(C::Port) => {
                if p.is_non_special_pattern_char(p.token_index, "/") {
                    p.change_state(State::In(C::Pathname), 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::In(C::Search), 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::In(C::Hash), 1);
                }
            }
            State::In(C::Pathname) => {
                if p.is_search_prefix() {
                    p.change_state(State::In(C::Search), 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::In(C::Hash), 1);
                }
            }
            State::In(C::Search) => {
                if p.is_hash_prefix() {
                    p.change_state(State::In(C::Hash), 1);
                }
            }
            State::In(C::Hash) | State::Done => {}
        }
        p.token_index += p.token_increment;
    }
    if p.result.hostname.is_some() && p.result.port.is_none() {
        p.result.port = Some(String::new());
    }
    Ok((p.result, p.starts))
}

impl Parser<'_> {
    /// "change state".
    fn change_state(&mut self, new: State, skip: usize) {
        if let Some(c) = self.state.component() {
            let s = self.make_component_string();
            self.starts[c as usize] = self.component_start_index();
            self.result.set(c, Some(&s));
        }
        use State as S;
        if self.state != S::Init && new != S::Done {
            let before_host = matches!(
                self.state,
                S::In(C::Protocol) | S::Authority | S::In(C::Username) | S::In(C::Password)
            );
            if before_host
                && matches!(
                    new,
                    S::In(C::Port) | S::In(C::Pathname) | S::In(C::Search) | S::In(C::Hash)
                )
                && self.result.hostname.is_none()
            {
                self.result.hostname = Some(String::new());
            }
            let before_path = before_host || matches!(self.state, S::In(C::Hostname) | S::In(C::Port));
            if before_path && matches!(new, S::In(C::Search) | S::In(C::Hash)) && self.result.pathname.is_none() {
                let path = if self.protocol_matches_a_special_scheme {
                    "/"
                } else {
                    ""
                };
                self.result.pathname = Some(path.to_owned());
            }
            let before_search = before_path || self.state == S::In(C::Pathname);
            if before_search && new == S::In(C::Hash) && self.result.search.is_none() {
                self.result.search = Some(String::new());
            }
        }
        self.state = new;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// "get a safe token": the token at `index`, or the last (the end).
    fn safe_token(&self, index: usize) -> Token {
        self.tokens[index.min(self.tokens.len() - 1)]
    }

    fn is_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        let t = self.safe_token(index);
        t.value(self.input) == value
            && matches!(t.ty, TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar)
    }

    fn is_group_open(&self) -> bool {
        self.tokens[self.token_index].ty == TokenType::Open
    }

    fn is_group_close(&self) -> bool {
        self.tokens[self.token_index].ty == TokenType::Close
    }

    fn is_hash_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "#")
    }

    /// "is a search prefix": a `?` that is not a modifier (a modifier
    /// follows a name, a regexp, a `}` or a `*`).
    fn is_search_prefix(&self) -> bool {
        if self.is_non_special_pattern_char(self.token_index, "?") {
            return true;
        }
        if self.tokens[self.token_index].value(self.input) != "?" {
            return false;
        }
        let Some(previous) = self.token_index.checked_sub(1) else {
            return true;
        };
        !matches!(
            self.safe_token(previous).ty,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    fn next_is_authority_slashes(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_non_special_pattern_char(self.token_index + 2, "/")
    }

    fn component_start_index(&self) -> usize {
        self.safe_token(self.component_start).index
    }

    /// "make a component string": the input from the component's first
    /// token to the current one.
    fn make_component_string(&self) -> String {
        let end = self.tokens[self.token_index].index;
        let start = self.component_start_index();
        self.input.get(start..end).unwrap_or("").to_owned()
    }

    /// "compute protocol matches a special scheme flag".
    fn compute_protocol_matches_a_special_scheme(&mut self) -> Result<(), PatternError> {
        let protocol = self.make_component_string();
        let start = self.component_start_index();
        let component = compile(&protocol, Canon::Protocol, &Options::DEFAULT)
            .map_err(|e| e.shifted(start).of(PatternComponent::Protocol))?;
        if protocol_component_matches_a_special_scheme(&component) {
            self.protocol_matches_a_special_scheme = true;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components() {
        let (init, starts) = parse_constructor_string("https://user\\:pw@*.example.com:8080/a/:b/?q=1#top").unwrap();
        assert_eq!(init.protocol.as_deref(), Some("https"));
        assert_eq!(init.username.as_deref(), Some("user"));
        assert_eq!(init.password.as_deref(), Some("pw"));
        assert_eq!(init.hostname.as_deref(), Some("*.example.com"));
        assert_eq!(init.port.as_deref(), Some("8080"));
        assert_eq!(init.pathname.as_deref(), Some("/a/:b/"));
        assert_eq!(init.search.as_deref(), Some("q=1"));
        assert_eq!(init.hash.as_deref(), Some("top"));
        assert_eq!(starts[PatternComponent::Hostname as usize], 17);
        // A `:` that starts a name is no password's prefix.
        let (init, _) = parse_constructor_string("https://user:pw@h").unwrap();
        assert_eq!((init.username.as_deref(), init.password), (Some("user:pw"), None));
        let (init, _) = parse_constructor_string("/books/:id?").unwrap();
        assert_eq!((init.protocol, init.pathname.as_deref()), (None, Some("/books/:id?")));
        let (init, _) = parse_constructor_string("data\\:foo*").unwrap();
        assert_eq!(
            (init.protocol.as_deref(), init.pathname.as_deref()),
            (Some("data"), Some("foo*"))
        );
    }
}
