//! The 1994 grammar's scanner tables: each production's octets, as
//! [`Table`]s for the engine's scan.

use crate::ascii::{rfc1630, rfc1738, ByteSet};
use crate::engine::Table;

pub(crate) static XCHAR: Table = Table::new(rfc1738::XCHAR);
/// `xchar` without `?`, which starts the search part of a generic URL.
pub(crate) static URLPATH: Table = Table::new(rfc1738::URLPATH.without(b'?'));
pub(crate) static UCHAR: Table = Table::new(rfc1738::UCHAR);
pub(crate) static USER: Table = Table::new(rfc1738::USER);
pub(crate) static HPATH: Table = Table::new(rfc1738::HPATH);
pub(crate) static SEARCH: Table = Table::new(rfc1738::SEARCH);
pub(crate) static FPATH: Table = Table::new(rfc1738::FPATH);
pub(crate) static PPATH: Table = Table::new(rfc1738::PPATH);
pub(crate) static FIELD: Table = Table::new(rfc1738::FIELD);
pub(crate) static ARTICLE: Table = Table::new(rfc1738::ARTICLE);
pub(crate) static GROUP: Table = Table::new(rfc1738::GROUP);
pub(crate) static RFC1630_USER: Table = Table::new(rfc1630::USER);
pub(crate) static RFC1630_PATH: Table = Table::new(rfc1630::PATH);
pub(crate) static RFC1630_SEARCH: Table = Table::new(rfc1630::SEARCH);
pub(crate) static RFC1630_FRAGMENTID: Table = Table::new(rfc1630::FRAGMENTID);

/// Everything but the octets that end or divide an authority (`/`, `?`,
/// `#`, `@`, `:`) and `%`, which the authority scan passes over.
pub(crate) static AUTHORITY: Table = Table::new(ByteSet::from_bytes(b"/?#@:%").complement());
