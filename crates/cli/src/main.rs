//! The urikit command line.

fn main() {}
