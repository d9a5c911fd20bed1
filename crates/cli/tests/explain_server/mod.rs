//! `urikit explain --serve` for the tests: started on a free port, its
//! address read from its stderr, its log kept, stopped by its process id
//! when dropped (also when the test fails).

#![allow(dead_code)] // Each test file uses its own part of this.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// A running `explain --serve`.
pub struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT/`, as it printed it.
    pub address: String,
    pub port: u16,
    log: Arc<Mutex<Vec<String>>>,
}

impl Served {
    /// Starts `urikit explain --serve` with `more` arguments and waits (up
    /// to 20 s) for the line that says where it serves.
    pub fn start(more: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
            .args(["explain", "--serve"])
            .args(more)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("urikit starts");
        let stderr = child.stderr.take().unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let (first_tx, first_rx) = mpsc::channel();
        let kept = Arc::clone(&log);
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let _ = first_tx.send(line.clone());
                kept.lock().unwrap().push(line);
            }
        });
        let mut served = Served {
            child,
            address: String::new(),
            port: 0,
            log,
        };
        let line = match first_rx.recv_timeout(Duration::from_secs(20)) {
            Ok(line) => line,
            Err(_) => panic!(
                "explain --serve said nothing in 20 s (status {:?})",
                served.child.try_wait()
            ),
        };
        let address = line
            .strip_prefix("urikit: serving on ")
            .unwrap_or_else(|| panic!("explain --serve said {line:?}, not where it serves"));
        served.address = address.to_owned();
        served.port = address
            .strip_prefix("http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("not an address on 127.0.0.1: {address}"));
        served
    }

    /// The lines it wrote on stderr so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// Waits up to 10 s for a line of its log that holds `what`.
    pub fn wait_log(&self, what: &str) -> String {
        let start = Instant::now();
        loop {
            if let Some(line) = self.log().into_iter().find(|l| l.contains(what)) {
                return line;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "no log line holds {what:?}: {:#?}",
                self.log()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends `request` as it is and reads the answer to its end.
    pub fn send(&self, request: &[u8]) -> Answer {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("the server takes a connection");
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        // The server may answer (431) before it has read all; what it does
        // not read is its business.
        let _ = stream.write_all(request);
        let _ = stream.shutdown(Shutdown::Write);
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).expect("the answer is read to its end");
        Answer::parse(&bytes)
    }

    /// `GET target` with this server's Host.
    pub fn get(&self, target: &str) -> Answer {
        self.send(format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n", self.port).as_bytes())
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    /// The header lines, without the status line.
    pub headers: Vec<String>,
    pub body: String,
}

impl Answer {
    fn parse(bytes: &[u8]) -> Answer {
        let end = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no end of headers in {:?}", String::from_utf8_lossy(bytes)));
        let head = std::str::from_utf8(&bytes[..end]).expect("the head is UTF-8");
        let mut lines = head.split("\r\n");
        let status_line = lines.next().unwrap();
        let status = status_line
            .strip_prefix("HTTP/1.1 ")
            .and_then(|s| s.get(..3))
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not a status line: {status_line}"));
        Answer {
            status,
            headers: lines.map(str::to_owned).collect(),
            body: String::from_utf8(bytes[end + 4..].to_vec()).expect("the body is UTF-8"),
        }
    }

    /// The value of header `name`.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find_map(|h| {
            let (n, v) = h.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}
