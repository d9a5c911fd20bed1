//! `urikit fetch --trace` against real servers: what `plan` promises is
//! what `fetch` sends.

#[path = "../../fetch/tests/servers/mod.rs"]
mod servers;

use std::collections::BTreeSet;
use std::process::Command;

use servers::Scratch;

struct Run {
    stdout: Vec<u8>,
    stderr: String,
    code: i32,
}

fn urikit(args: &[&str], env: &[(&str, &str)]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("urikit runs");
    Run {
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().expect("an exit code"),
    }
}

/// The `> ` lines of a transcript.
fn sent(transcript: &str) -> Vec<String> {
    transcript
        .lines()
        .filter(|l| l.starts_with("> "))
        .map(str::to_owned)
        .collect()
}

fn plan(url: &str) -> Run {
    urikit(&["plan", url], &[])
}

/// The FTP lines the plan leaves to the client: the data connection, the
/// transfer type when no `;type=` names one, the goodbye.
fn client_choice(line: &str, plan_has_type: bool) -> bool {
    matches!(line, "> EPSV<CR><LF>" | "> PASV<CR><LF>" | "> QUIT<CR><LF>")
        || (!plan_has_type && line == "> TYPE I<CR><LF>")
}

#[test]
fn fetch_sends_the_plan_of_the_three_rfc1738_ftp_examples() {
    let root = Scratch::new("cli-ftp");
    root.put("etc/motd", b"message of the day\n");
    let server = servers::ftp_with_user(root.path(), "myname", "pw");
    let connect_to = server.addr();
    for url in [
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        "ftp://myname@host.dom/%2Fetc/motd",
    ] {
        let planned = plan(url);
        assert_eq!(planned.code, 0);
        let planned = sent(std::str::from_utf8(&planned.stdout).unwrap());
        let run = urikit(
            &["fetch", "--trace", "--connect-to", &connect_to, url],
            &[("URIKIT_PASSWORD", "pw")],
        );
        assert_eq!(run.code, 0, "{url}: {}", run.stderr);
        assert_eq!(run.stdout, b"message of the day\n", "{url}");
        assert!(!run.stderr.contains("pw<"), "the password stays out of the trace");
        let has_type = planned.iter().any(|l| l.starts_with("> TYPE "));
        let fetched = sent(&run.stderr);
        let (chosen, promised): (Vec<String>, Vec<String>) =
            fetched.into_iter().partition(|l| client_choice(l, has_type));
        assert_eq!(promised, planned, "{url}\n{}", run.stderr);
        assert_eq!(chosen.len(), 3, "TYPE I, EPSV and QUIT: {chosen:?}");
        println!("{url}: {} planned commands sent as planned", planned.len());
    }
}

#[test]
fn fetch_sends_the_plan_of_every_gopher_example_of_the_seeds() {
    let seeds = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/data/seeds.json");
    let seeds: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(seeds).unwrap()).unwrap();
    let urls: BTreeSet<String> = seeds["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["input"].as_str())
        .filter(|s| s.len() >= 7 && s[..7].eq_ignore_ascii_case("gopher:"))
        .map(str::to_owned)
        .collect();
    let root = Scratch::new("cli-gopher");
    root.put("a_gopher_selector", b"the item\n");
    let server = servers::pygopherd(root.path());
    let (mut agreed, mut refused) = (0, 0);
    for url in &urls {
        let planned = plan(url);
        let run = urikit(&["fetch", "--trace", "--connect-to", &server.addr(), url], &[]);
        if planned.code != 0 {
            // No plan, nothing sent.
            assert_ne!(run.code, 0, "{url}");
            assert!(sent(&run.stderr).is_empty(), "{url}: {}", run.stderr);
            refused += 1;
            continue;
        }
        let planned = sent(std::str::from_utf8(&planned.stdout).unwrap());
        assert_eq!(sent(&run.stderr), planned, "{url}\n{}", run.stderr);
        agreed += 1;
    }
    println!("gopher examples: {agreed} sent as planned, {refused} refused by plan and fetch alike");
    assert!(agreed >= 8, "{agreed}");
}

#[test]
fn fetch_writes_to_a_file_and_reports_failures() {
    let root = Scratch::new("cli-http");
    root.put("a.txt", b"hello\n");
    let server = servers::http(root.path());
    let out = Scratch::new("cli-out");
    let file = out.path().join("got.txt");
    let url = format!("http://{}/a.txt", server.addr());
    let run = urikit(&["fetch", "-o", file.to_str().unwrap(), &url], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert_eq!(std::fs::read(&file).unwrap(), b"hello\n");
    // One URL failing: the other still fetched, exit 1, the error names the URL.
    let missing = format!("http://{}/missing", server.addr());
    let run = urikit(&["fetch", &missing, &url], &[]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, b"hello\n");
    assert!(
        run.stderr.contains(&missing) && run.stderr.contains("404"),
        "{}",
        run.stderr
    );
    // The guard's refusal.
    let run = urikit(&["fetch", "gopher://127.0.0.1:25/0x"], &[]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("port-not-default"), "{}", run.stderr);
    // wais and prospero: a clear error showing the plan.
    let run = urikit(&["fetch", "wais://quake.think.com/directory-of-servers?search"], &[]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("no wais server") && run.stderr.contains("# connect to quake.think.com port 210"),
        "{}",
        run.stderr
    );
    let run = urikit(&["fetch", "prospero://prospero.isi.edu/pub/prospero/oir.ps"], &[]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("no prospero server") && run.stderr.contains("# connect to"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_telnet_session_names_the_advisory_user_first() {
    let server = servers::echo();
    let url = format!("telnet://guest@{}/", server.addr());
    let run = urikit(&["fetch", &url], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, b"banner\n");
    assert_eq!(run.stderr, format!("urikit: {url}: log in as guest\n"));
}

/// On a terminal (a pty from util-linux `script`), control characters of
/// the resource are shown in caret notation; into a pipe they pass as they are.
#[test]
fn control_characters_never_reach_a_terminal_raw() {
    let dir = Scratch::new("cli-tty");
    let file = dir.put("esc.txt", b"a\x1b[31mred\x07\x7f\n");
    let url = format!("file://{}", file.display());
    let piped = urikit(&["fetch", &url], &[]);
    assert_eq!(piped.stdout, b"a\x1b[31mred\x07\x7f\n");
    let command = format!("{} fetch {url}", env!("CARGO_BIN_EXE_urikit"));
    let out = Command::new(servers::program("script"))
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script runs");
    assert!(out.status.success(), "{out:?}");
    // The pty turns LF into CR LF.
    assert_eq!(out.stdout, b"a^[[31mred^G^?\r\n");
}

#[test]
fn passwords_stay_out_of_errors_and_the_trace() {
    let root = Scratch::new("cli-pw");
    root.put("a.txt", b"hello\n");
    let server = servers::ftp_with_user(root.path(), "myname", "s3cret");
    for url in [
        format!("ftp://myname:s3cret@{}/missing", server.addr()),
        format!("ftp://myname:wr0ngpw@{}/a.txt", server.addr()),
    ] {
        let run = urikit(&["fetch", "--trace", &url], &[]);
        assert_eq!(run.code, 1);
        assert!(run.stderr.contains("<password>"), "{}", run.stderr);
        assert!(
            !run.stderr.contains("s3cret") && !run.stderr.contains("wr0ngpw"),
            "{}",
            run.stderr
        );
    }
    let run = urikit(&["fetch", &format!("ftp://myname:s3cret@{}/a.txt", server.addr())], &[]);
    assert_eq!((run.code, &run.stdout[..]), (0, &b"hello\n"[..]), "{}", run.stderr);
}

/// A transfer that lasts shows its progress on stderr when stderr is a
/// terminal, and nothing when it is not.
#[test]
fn progress_on_a_terminal_only() {
    // A gopher server of sorts: 20 blocks of 1000 octets, 0.1 s apart.
    let server = servers::echo_after("for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do head -c 1000 /dev/zero; sleep 0.1; done; exit 0");
    let dir = Scratch::new("cli-progress");
    let file = dir.path().join("got.bin");
    let url = format!("gopher://{}/9slow", server.addr());
    let piped = urikit(&["fetch", "-o", file.to_str().unwrap(), &url], &[]);
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    assert_eq!(piped.stderr, "");
    assert_eq!(std::fs::read(&file).unwrap().len(), 20_000);
    let command = format!("{} fetch -o {} {url}", env!("CARGO_BIN_EXE_urikit"), file.display());
    let out = Command::new(servers::program("script"))
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script runs");
    assert!(out.status.success(), "{out:?}");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains(" KiB received, ") && shown.contains("/s"), "{shown:?}");
    assert_eq!(std::fs::read(&file).unwrap().len(), 20_000);
}
