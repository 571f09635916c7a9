//! The server as a process: with its standard output closed (`boardlab-web | true`) it
//! still serves, without a panic; on a busy port it says which address and how to choose
//! another, in one line, and exits with a failure.

use boardlab_web::client::Client;
use boardlab_web::testing::temp_db;
use std::net::{SocketAddr, TcpListener};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A loopback address with a port free a moment ago.
fn free_addr() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap()
}

#[test]
fn a_closed_stdout_does_not_stop_the_server() {
    let addr = free_addr();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab-web"))
        .args(["--addr", &addr.to_string(), "--db"])
        .arg(temp_db("closed-stdout"))
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let healthy = loop {
        let answer = Client::connect(addr).and_then(|mut c| c.get("/api/health"));
        if let Ok(answer) = answer {
            break answer.status == 200;
        }
        if Instant::now() > deadline || child.try_wait().unwrap().is_some() {
            break false;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(healthy, "the server did not serve: {errors}");
    assert!(!errors.contains("panicked"), "{errors}");
}

#[test]
fn a_busy_port_is_named_with_the_flag_to_choose_another() {
    let busy = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_boardlab-web"))
        .args(["--addr", &addr.to_string(), "--db"])
        .arg(temp_db("busy-port"))
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

#[test]
fn out_of_file_descriptors_the_server_sheds_idle_sockets_and_goes_on() {
    let addr = free_addr();
    // 64 descriptors, far below the 512 connections allowed: accepting fails for want of one.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -n 64 && exec "$0" --addr "$1" --db "$2""#)
        .arg(env!("CARGO_BIN_EXE_boardlab-web"))
        .arg(addr.to_string())
        .arg(temp_db("out-of-files"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    let idle: Vec<_> = (0..150)
        .filter_map(|_| std::net::TcpStream::connect(addr).ok())
        .collect();
    let healthy = loop {
        if let Ok(answer) = Client::connect(addr).and_then(|mut c| c.get("/api/health")) {
            break answer.status == 200;
        }
        if Instant::now() > deadline || child.try_wait().unwrap().is_some() {
            break false;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    drop(idle);
    assert!(
        healthy && running,
        "healthy {healthy}, running {running}: {errors}"
    );
    assert!(errors.contains("cannot accept a connection"), "{errors}");
    assert!(!errors.contains("panicked"), "{errors}");
}
