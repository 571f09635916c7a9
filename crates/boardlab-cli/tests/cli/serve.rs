//! `boardlab serve` as a process: a busy port is named with `--addr`, in one line, the
//! server survives a closed standard output (`boardlab serve | true`), and a bad
//! `--trusted-proxy` is refused naming what is allowed.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh database path in a folder of its own.
fn temp_db(label: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-serve-{label}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.sqlite")
}

#[test]
fn a_busy_port_is_named_with_the_flag_to_choose_another() {
    let busy = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["serve", "--addr", &addr.to_string(), "--db"])
        .arg(temp_db("busy"))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let errors = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        errors.trim_end(),
        format!(
            "error: cannot listen on {addr}: the address is already in use (is another server running?); choose another with --addr HOST:PORT"
        )
    );
    drop(busy);
}

/// The status line of `GET /api/health`, if the server answers.
fn health(addr: SocketAddr) -> Option<String> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .ok()?;
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    answer.lines().next().map(str::to_string)
}

#[test]
fn serve_survives_a_closed_stdout() {
    let addr = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["serve", "--addr", &addr.to_string(), "--db"])
        .arg(temp_db("closed"))
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = health(addr) {
            break status;
        }
        if Instant::now() > deadline || child.try_wait().unwrap().is_some() {
            break String::new();
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(status.contains("200"), "no answer ({status:?}): {errors}");
    assert!(!errors.contains("panicked"), "{errors}");
}

#[test]
fn a_trusted_proxy_that_is_not_an_address_or_network_is_refused_naming_what_is_allowed() {
    let output = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--trusted-proxy",
            "10.0.0.1",
            "--trusted-proxy",
            "nginx.internal",
            "--db",
        ])
        .arg(temp_db("proxy"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("'nginx.internal'"), "{errors}");
    assert!(errors.contains("--trusted-proxy <ADDR>"), "{errors}");
    assert!(errors.contains("127.0.0.1 or ::1"), "{errors}");
    assert!(errors.contains("10.0.0.0/8 or fd00::/8"), "{errors}");
}
