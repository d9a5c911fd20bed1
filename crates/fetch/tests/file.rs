//! file: this machine's files and directories; other hosts refused.

mod servers;

use servers::{fetch, Scratch};

#[test]
fn local_files_and_directories() {
    let root = Scratch::new("fileroot");
    let binary: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
    root.put("b.bin", &binary);
    root.put("my file;v1.txt", b"space and semicolon\n");
    root.put("sub/deeper/d.txt", b"nested\n");
    let base = root.path().display().to_string();
    assert_eq!(fetch(&format!("file://{base}/b.bin")).ok(), &binary[..]);
    assert_eq!(fetch(&format!("file://localhost{base}/b.bin")).ok(), &binary[..]);
    assert_eq!(
        fetch(&format!("file://{base}/my%20file%3Bv1.txt")).ok(),
        b"space and semicolon\n"
    );
    assert_eq!(fetch(&format!("file://{base}/sub/deeper/d.txt")).ok(), b"nested\n");
    assert_eq!(fetch(&format!("file://{base}/")).ok(), b"b.bin\nmy file;v1.txt\nsub\n");
    assert_eq!(fetch(&format!("file://{base}/sub")).ok(), b"deeper\n");
    let e = fetch(&format!("file://{base}/missing")).err();
    assert!(e.contains("missing"), "{e}");
}

#[test]
fn other_hosts_are_refused_in_the_rfcs_words() {
    let e = fetch("file://vms.host.edu/disk$user/my/notes/note12345.txt").err();
    assert!(
        e.contains("does not specify an Internet protocol or access method for such files"),
        "{e}"
    );
    assert!(e.contains("the machine from which the URL is being interpreted"), "{e}");
}
