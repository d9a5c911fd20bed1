//! Real protocol servers on 127.0.0.1 for the fetch tests: each starts on a
//! free port, is waited for until it listens, and is stopped by its process
//! id when dropped (also when the test fails). They are installed by
//! `.ci/servers.sh`; a missing one fails the test, saying so.

#![allow(dead_code)] // Each test file uses its own servers.

use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

const SETUP: &str = "run .ci/servers.sh to install the test servers";

/// A scratch directory, world-readable (servers run as `nobody` or `news`
/// must reach it), removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(what: &str) -> Scratch {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "urikit-fetch-{what}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        chmod(&dir, 0o755);
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `bytes` at `rel`, creating directories, all readable by others.
    pub fn put(&self, rel: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.join(rel);
        let mut dir = path.parent().unwrap().to_path_buf();
        fs::create_dir_all(&dir).unwrap();
        while dir.starts_with(&self.0) {
            chmod(&dir, 0o755);
            if !dir.pop() {
                break;
            }
        }
        fs::write(&path, bytes).unwrap();
        chmod(&path, 0o644);
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

pub fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// The venv of the pip-installed servers.
pub fn venv_python() -> PathBuf {
    let dir = std::env::var_os("URIKIT_SERVERS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME is set")).join(".cache/urikit-servers"));
    let python = dir.join("venv/bin/python");
    assert!(python.exists(), "{} is missing: {SETUP}", python.display());
    python
}

/// An installed program, or a failure saying how to install it.
pub fn program(path: &str) -> PathBuf {
    if path.contains('/') {
        assert!(Path::new(path).exists(), "{path} is missing: {SETUP}");
        return PathBuf::from(path);
    }
    std::env::var_os("PATH")
        .and_then(|p| std::env::split_paths(&p).map(|d| d.join(path)).find(|f| f.exists()))
        .unwrap_or_else(|| panic!("{path} is not installed: {SETUP}"))
}

pub fn is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("Uid:"))
        .and_then(|l| l.split_whitespace().nth(1).map(|u| u == "0"))
        .unwrap_or(false)
}

/// `cmd` run as `user` when this process is root (by `setpriv`, which
/// execs in place, so the PID is the server's).
pub fn as_user(user: &str, group: &str, cmd: &Path) -> Command {
    if is_root() {
        let mut c = Command::new(program("setpriv"));
        c.args([
            &format!("--reuid={user}"),
            &format!("--regid={group}"),
            "--clear-groups",
        ])
        .arg(cmd);
        c
    } else {
        Command::new(cmd)
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Waits up to 20 s for `log` to hold a line `ready` accepts; returns what
/// it returns.
pub fn wait_log<T>(log: &Path, child: &mut Child, ready: impl Fn(&str) -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        let text = fs::read_to_string(log).unwrap_or_default();
        if let Some(t) = text.lines().find_map(&ready) {
            return t;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the server exited ({status}) before it was ready; its log:\n{text}");
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the server is not ready after 20 s; its log:\n{text}"
        );
        sleep(Duration::from_millis(50));
    }
}

/// Waits until something listens on `port` (read from /proc, without
/// connecting: a connection to a forking server spawns a child).
pub fn wait_port(port: u16, child: &mut Child) {
    let start = Instant::now();
    let hex = format!(":{port:04X} ");
    loop {
        let table = fs::read_to_string("/proc/net/tcp").unwrap_or_default();
        // st 0A is LISTEN.
        if table.lines().any(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.len() > 3 && format!("{} ", f[1]).ends_with(&hex) && f[3] == "0A"
        }) {
            return;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the server exited ({status}) before it listened on port {port}");
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "nothing listens on port {port} after 20 s"
        );
        sleep(Duration::from_millis(50));
    }
}

/// A running server: stopped by its PID when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// Run instead of a kill, when the server needs its own stop.
    stop: Option<Command>,
    pub dir: Scratch,
}

impl Server {
    pub fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.as_mut() {
            let _ = stop.status();
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(10) {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                sleep(Duration::from_millis(50));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn(mut cmd: Command, log: &Path) -> Child {
    let out = fs::File::create(log).unwrap();
    cmd.stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}: {SETUP}"))
}

/// pyftpdlib, anonymous and read-only, serving `root`.
pub fn ftp(root: &Path) -> Server {
    let dir = Scratch::new("ftpd");
    let log = dir.path().join("ftpd.log");
    let mut cmd = Command::new(venv_python());
    cmd.args(["-m", "pyftpdlib", "-i", "127.0.0.1", "-p", "0", "-d"])
        .arg(root);
    let mut child = spawn(cmd, &log);
    let port = wait_log(&log, &mut child, |l| {
        l.split_once("starting FTP server on 127.0.0.1:")?
            .1
            .split(',')
            .next()?
            .parse()
            .ok()
    });
    Server {
        child,
        port,
        stop: None,
        dir,
    }
}

/// pyftpdlib with one user `name` (password `password`) whose home is
/// `root`, besides anonymous and `open`, who is logged in by USER alone
/// (230, no PASS).
pub fn ftp_with_user(root: &Path, name: &str, password: &str) -> Server {
    ftp_script(root, name, password, false)
}

/// pyftpdlib that answers EPSV with 500, as servers before RFC 2428 do.
pub fn ftp_without_epsv(root: &Path) -> Server {
    ftp_script(root, "myname", "pw", true)
}

fn ftp_script(root: &Path, name: &str, password: &str, no_epsv: bool) -> Server {
    let dir = Scratch::new("ftpd");
    let script = dir.path().join("ftpd.py");
    let no_epsv = if no_epsv { "True" } else { "False" };
    fs::write(
        &script,
        format!(
            "import sys\n\
             from pyftpdlib.authorizers import DummyAuthorizer\n\
             from pyftpdlib.handlers import FTPHandler\n\
             from pyftpdlib.servers import FTPServer\n\
             a = DummyAuthorizer()\n\
             a.add_user({name:?}, {password:?}, sys.argv[1], perm='elr')\n\
             a.add_user('open', '', sys.argv[1], perm='elr')\n\
             a.add_anonymous(sys.argv[1])\n\
             class H(FTPHandler):\n\
             \x20   def ftp_USER(self, line):\n\
             \x20       if line == 'open' and not self.authenticated:\n\
             \x20           self.username = line\n\
             \x20           self.handle_auth_success(sys.argv[1], '', 'Logged in, no password needed.')\n\
             \x20       else:\n\
             \x20           super().ftp_USER(line)\n\
             \x20   def ftp_EPSV(self, line):\n\
             \x20       if {no_epsv}:\n\
             \x20           self.respond('500 Command \"EPSV\" not understood.')\n\
             \x20       else:\n\
             \x20           super().ftp_EPSV(line)\n\
             H.authorizer = a\n\
             s = FTPServer(('127.0.0.1', 0), H)\n\
             print('PORT', s.address[1], flush=True)\n\
             s.serve_forever()\n"
        ),
    )
    .unwrap();
    let log = dir.path().join("ftpd.log");
    let mut cmd = Command::new(venv_python());
    cmd.arg("-u").arg(&script).arg(root);
    let mut child = spawn(cmd, &log);
    let port = wait_log(&log, &mut child, |l| l.strip_prefix("PORT ")?.trim().parse().ok());
    Server {
        child,
        port,
        stop: None,
        dir,
    }
}

/// `python -m http.server` serving `root`; `/redirect` answers 302 to
/// `/a.txt`, `/loop` redirects to itself, `/far` to port 25.
pub fn http(root: &Path) -> Server {
    let dir = Scratch::new("httpd");
    let script = dir.path().join("httpd.py");
    fs::write(
        &script,
        "import functools, http.server, sys\n\
         class H(http.server.SimpleHTTPRequestHandler):\n\
         \x20   def do_GET(self):\n\
         \x20       to = {'/redirect': '/a.txt', '/loop': '/loop', '/far': 'http://127.0.0.1:25/a.txt', '/gopher': 'gopher://127.0.0.1/'}.get(self.path)\n\
         \x20       if to:\n\
         \x20           self.send_response(302); self.send_header('Location', to); self.send_header('Content-Length', '0'); self.end_headers()\n\
         \x20       elif self.path == '/echo-host':\n\
         \x20           body = (self.headers.get('Host') or '').encode(); self.send_response(200); self.send_header('Content-Length', str(len(body))); self.end_headers(); self.wfile.write(body)\n\
         \x20       else: super().do_GET()\n\
         srv = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(H, directory=sys.argv[1]))\n\
         print('PORT', srv.server_address[1], flush=True); srv.serve_forever()\n",
    )
    .unwrap();
    let log = dir.path().join("httpd.log");
    let mut cmd = Command::new(venv_python());
    cmd.arg("-u").arg(&script).arg(root);
    let mut child = spawn(cmd, &log);
    let port = wait_log(&log, &mut child, |l| l.strip_prefix("PORT ")?.trim().parse().ok());
    Server {
        child,
        port,
        stop: None,
        dir,
    }
}

/// pygopherd serving `root` (menus without a final `.` line, files as
/// they are), as the current user: the directory cache it writes into the
/// tree is left out of menus.
pub fn pygopherd(root: &Path) -> Server {
    let dir = Scratch::new("pygopherd");
    let port = free_port();
    let conf = dir.path().join("pygopherd.conf");
    fs::write(
        &conf,
        format!(
            "[pygopherd]\ninterface = 127.0.0.1\nport = {port}\nservername = 127.0.0.1\nservertype = ThreadingTCPServer\n\
             detach = no\nusechroot = no\ntracebacks = no\nabstract_headers = off\nabstract_entries = never\n\
             root = {}\nmimetypes = /etc/mime.types\nencoding = []\n[logger]\nlogmethod = file\n\
             [GopherEntry]\ndefaultmimetype = text/plain\nmapping = [['text/.+', '0'], ['.*', '9']]\neaexts = {{}}\n\
             [handlers.HandlerMultiplexer]\nhandlers = [scriptexec.ExecHandler, UMN.UMNDirHandler, file.FileHandler]\n\
             [handlers.dir.DirHandler]\nignorepatt = ^\\.cache\\.pygopherd\\.dir$\ncachetime = 0\ncachefile = .cache.pygopherd.dir\n\
             [handlers.UMN.UMNDirHandler]\nextstrip = none\n\
             [protocols.ProtocolMultiplexer]\nprotocols = [rfc1436.GopherProtocol]\n",
            root.display()
        ),
    )
    .unwrap();
    chmod(&conf, 0o644);
    let python = venv_python();
    let pygopherd = python.parent().unwrap().join("pygopherd");
    let mut cmd = Command::new(&python);
    cmd.arg(&pygopherd).arg(&conf);
    let log = dir.path().join("pygopherd.log");
    let mut child = spawn(cmd, &log);
    wait_log(&log, &mut child, |l| l.starts_with("Running.").then_some(()));
    Server {
        child,
        port,
        stop: None,
        dir,
    }
}

/// gophernicus behind socat, as `nobody` (it refuses root): menus end
/// with a `.` line.
pub fn gophernicus(root: &Path) -> Server {
    let dir = Scratch::new("gophernicus");
    let port = free_port();
    let gophernicus = program("gophernicus");
    let mut cmd = as_user("nobody", "nogroup", &program("socat"));
    cmd.args([
        "-d",
        "-d",
        &format!("TCP-LISTEN:{port},bind=127.0.0.1,fork,reuseaddr"),
        &format!(
            "SYSTEM:{} -h 127.0.0.1 -p {port} -r {} -nv -nu -ns -na -nt -nm -nd -nf; exit 0",
            gophernicus.display(),
            root.display()
        ),
    ]);
    let log = dir.path().join("socat.log");
    let mut child = spawn(cmd, &log);
    wait_log(&log, &mut child, |l| l.contains("listening on").then_some(()));
    Server {
        child,
        port,
        stop: None,
        dir,
    }
}

/// socat: a banner line, then everything echoed back.
pub fn echo() -> Server {
    echo_after("echo banner")
}

/// socat: runs the shell command `first`, then echoes everything back.
pub fn echo_after(first: &str) -> Server {
    let dir = Scratch::new("echo");
    // In a script: socat would read the backslashes and colons itself.
    let script = dir.put("session.sh", format!("{first}\nexec cat\n").as_bytes());
    let mut cmd = Command::new(program("socat"));
    cmd.args([
        "-d",
        "-d",
        "TCP-LISTEN:0,bind=127.0.0.1,fork,reuseaddr",
        &format!("SYSTEM:sh {}", script.display()),
    ]);
    let log = dir.path().join("socat.log");
    let mut child = spawn(cmd, &log);
    let port = wait_log(&log, &mut child, |l| {
        l.contains("listening on")
            .then(|| l.rsplit(':').next()?.trim().parse().ok())?
    });
    Server {
        child,
        port,
        stop: None,
        dir,
    }
}

/// aiosmtpd storing each message into `dir/maildir`.
pub fn smtp() -> Server {
    let dir = Scratch::new("smtpd");
    let port = free_port();
    let mut cmd = Command::new(venv_python());
    cmd.args([
        "-m",
        "aiosmtpd",
        "-n",
        "-d",
        "-l",
        &format!("127.0.0.1:{port}"),
        "-c",
        "aiosmtpd.handlers.Mailbox",
    ])
    .arg(dir.path().join("maildir"));
    let log = dir.path().join("smtpd.log");
    let mut child = spawn(cmd, &log);
    wait_log(&log, &mut child, |l| l.contains("Server is listening on").then_some(()));
    Server {
        child,
        port,
        stop: None,
        dir,
    }
}

/// innd as `news` with a private INNCONF, one group `urikit.test`, stopped
/// by `ctlinnd shutdown` (it ignores SIGTERM until it next wakes).
pub fn innd() -> Server {
    let dir = Scratch::new("innd");
    let d = dir.path().join("news");
    for sub in [
        "etc",
        "db",
        "run",
        "log",
        "tmp",
        "filter",
        "http",
        "spool/articles",
        "spool/overview",
        "spool/incoming",
        "spool/outgoing",
        "spool/archive",
    ] {
        fs::create_dir_all(d.join(sub)).unwrap();
    }
    let port = free_port();
    let dd = d.display();
    fs::write(
        d.join("etc/inn.conf"),
        format!(
            "domain: urikit.test\npathhost: urikit.test\nport: {port}\nbindaddress: 127.0.0.1\nmta: \"/bin/true %s\"\n\
             hismethod: hisv6\novmethod: tradindexed\npathnews: /usr/lib/news\npathbin: /usr/lib/news/bin\n\
             pathcontrol: /usr/lib/news/bin/control\npathfilter: {dd}/filter\npathetc: {dd}/etc\npathdb: {dd}/db\n\
             pathrun: {dd}/run\npathlog: {dd}/log\npathhttp: {dd}/http\npathtmp: {dd}/tmp\npathspool: {dd}/spool\n\
             patharticles: {dd}/spool/articles\npathoverview: {dd}/spool/overview\npathincoming: {dd}/spool/incoming\n\
             pathoutgoing: {dd}/spool/outgoing\npatharchive: {dd}/spool/archive\n"
        ),
    )
    .unwrap();
    fs::write(
        d.join("etc/storage.conf"),
        "method tradspool {\n  newsgroups: *\n  class: 0\n}\n",
    )
    .unwrap();
    fs::write(d.join("etc/newsfeeds"), "ME:*::\n").unwrap();
    // Not 127.0.0.1: a loopback client then gets the reader (nnrpd), not the feed.
    fs::write(d.join("etc/incoming.conf"), "peer ME {\n  hostname: \"127.0.0.2\"\n}\n").unwrap();
    fs::write(
        d.join("etc/readers.conf"),
        "auth \"local\" {\n  hosts: \"127.0.0.1\"\n  default: \"<local>\"\n}\naccess \"local\" {\n  users: \"<local>\"\n  newsgroups: \"*\"\n  access: RPA\n}\n",
    )
    .unwrap();
    fs::write(
        d.join("db/active"),
        "control 0000000000 0000000001 n\ncontrol.cancel 0000000000 0000000001 n\njunk 0000000000 0000000001 n\nurikit.test 0000000000 0000000001 y\n",
    )
    .unwrap();
    fs::write(d.join("db/active.times"), "").unwrap();
    fs::write(d.join("db/history"), "").unwrap();
    let innconf = d.join("etc/inn.conf");
    let chown = Command::new("chown").args(["-R", "news:news"]).arg(&d).status();
    assert!(
        chown.is_ok_and(|s| s.success()),
        "chown news:news failed: innd tests run as root"
    );
    let news = |bin: &str| {
        let mut c = Command::new(program("setpriv"));
        c.args(["--reuid=news", "--regid=news", "--init-groups"])
            .arg(program(bin))
            .env("INNCONF", &innconf);
        c
    };
    let status = news("/usr/lib/news/bin/makedbz").args(["-i", "-o"]).status().unwrap();
    assert!(status.success(), "makedbz failed");
    let mut cmd = news("/usr/lib/news/bin/innd");
    cmd.arg("-f");
    let log = dir.path().join("innd.log");
    let mut child = spawn(cmd, &log);
    let ctlinnd = program("/usr/lib/news/bin/ctlinnd");
    let start = Instant::now();
    loop {
        let ok = Command::new(&ctlinnd)
            .args(["-s", "-t", "1", "mode"])
            .env("INNCONF", &innconf)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            break;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("innd exited ({status}) before it was ready");
        }
        assert!(start.elapsed() < Duration::from_secs(20), "innd not ready after 20 s");
        sleep(Duration::from_millis(100));
    }
    let mut stop = Command::new(&ctlinnd);
    stop.args(["shutdown", "tests done"])
        .env("INNCONF", &innconf)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    wait_port(port, &mut child);
    Server {
        child,
        port,
        stop: Some(stop),
        dir,
    }
}

/// What one fetch gave: the result, the octets, the trace.
pub struct Fetched {
    pub result: Result<u64, urikit_fetch::Error>,
    pub out: Vec<u8>,
    pub trace: String,
}

impl Fetched {
    /// The octets, the fetch having succeeded.
    #[track_caller]
    pub fn ok(&self) -> &[u8] {
        if let Err(e) = &self.result {
            panic!("fetch failed: {e}\ntrace:\n{}", self.trace);
        }
        &self.out
    }

    /// The error's text, the fetch having failed.
    #[track_caller]
    pub fn err(&self) -> String {
        match &self.result {
            Ok(_) => panic!("fetch succeeded; trace:\n{}", self.trace),
            Err(e) => e.to_string(),
        }
    }

    /// The `> ` lines of the trace.
    pub fn sent(&self) -> Vec<&str> {
        self.trace.lines().filter(|l| l.starts_with("> ")).collect()
    }
}

pub fn fetch_with(url: &str, opts: &urikit_fetch::Options) -> Fetched {
    fetch_stdin(url, opts, b"")
}

pub fn fetch_stdin(url: &str, opts: &urikit_fetch::Options, stdin: &[u8]) -> Fetched {
    let mut out = Vec::new();
    let mut trace = Vec::new();
    let result = urikit_fetch::fetch_with_stdin(
        url,
        opts,
        &mut out,
        Some(&mut trace),
        Box::new(std::io::Cursor::new(stdin.to_vec())),
    );
    Fetched {
        result,
        out,
        trace: String::from_utf8(trace).unwrap(),
    }
}

pub fn fetch(url: &str) -> Fetched {
    fetch_with(url, &opts())
}

/// Default options with short timeouts.
pub fn opts() -> urikit_fetch::Options {
    let mut o = urikit_fetch::Options::default();
    o.connect_timeout = Duration::from_secs(5);
    o.idle_timeout = Duration::from_secs(10);
    o
}
