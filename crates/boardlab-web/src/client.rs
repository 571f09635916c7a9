//! A minimal blocking HTTP/1.1 client over one keep-alive connection, for the API tests
//! and the load test (loopback only; no TLS, no chunked request bodies).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// The error of a connection closed before any byte of an answer.
const NO_ANSWER: &str = "the server closed the connection without an answer";

/// A response: its status and body text.
#[derive(Debug, Clone)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The body as text.
    pub body: String,
}

impl Reply {
    /// The body parsed as JSON (`Null` if it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// One connection to a server, opened again when the server has closed it.
pub struct Client {
    addr: SocketAddr,
    reader: BufReader<TcpStream>,
    /// Whether the connection has carried an answer (the server may close it between
    /// requests, as it does after refusing a body unread).
    used: bool,
    /// Whether the last answer said `Connection: close`.
    closing: bool,
}

impl Client {
    /// Connects to `addr`.
    pub fn connect(addr: SocketAddr) -> std::io::Result<Client> {
        Ok(Client {
            addr,
            reader: BufReader::new(Self::open(addr)?),
            used: false,
            closing: false,
        })
    }

    fn open(addr: SocketAddr) -> std::io::Result<TcpStream> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        Ok(stream)
    }

    fn reconnect(&mut self) -> std::io::Result<()> {
        self.reader = BufReader::new(Self::open(self.addr)?);
        self.used = false;
        self.closing = false;
        Ok(())
    }

    /// `GET path`.
    pub fn get(&mut self, path: &str) -> std::io::Result<Reply> {
        self.request("GET", path, None)
    }

    /// `POST path` with a body (sent as JSON, whatever it holds).
    pub fn post(&mut self, path: &str, body: &str) -> std::io::Result<Reply> {
        self.request("POST", path, Some(body))
    }

    /// `POST path` with a body sent as `content_type`.
    pub fn post_as(
        &mut self,
        path: &str,
        content_type: &str,
        body: &str,
    ) -> std::io::Result<Reply> {
        self.send("POST", path, content_type, body)
    }

    /// Sends a request (a body as JSON) and reads the whole response.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> std::io::Result<Reply> {
        self.send(method, path, "application/json", body.unwrap_or(""))
    }

    /// Sends a request; a connection that the server closed between requests (no byte of
    /// an answer came back) is opened again and the request sent once more.
    fn send(
        &mut self,
        method: &str,
        path: &str,
        content_type: &str,
        body: &str,
    ) -> std::io::Result<Reply> {
        if self.closing {
            self.reconnect()?;
        }
        match self.send_once(method, path, content_type, body) {
            // A reset, or an end before the status line: the old connection was gone.
            Err(error)
                if self.used
                    && (error.kind() != std::io::ErrorKind::InvalidData
                        || error.to_string() == NO_ANSWER) =>
            {
                self.reconnect()?;
                self.send_once(method, path, content_type, body)
            }
            answer => answer,
        }
    }

    fn send_once(
        &mut self,
        method: &str,
        path: &str,
        content_type: &str,
        body: &str,
    ) -> std::io::Result<Reply> {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        let stream = self.reader.get_mut();
        // A server may answer and close before the whole body is sent (a body over its
        // limit): its answer, if one came, says more than the failed write.
        let sent = stream
            .write_all(head.as_bytes())
            .and_then(|()| stream.write_all(body.as_bytes()));
        match (self.read_reply(), sent) {
            (Ok(reply), _) => Ok(reply),
            (Err(_), Err(write)) => Err(write),
            (Err(read), Ok(())) => Err(read),
        }
    }

    fn read_reply(&mut self) -> std::io::Result<Reply> {
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(bad(NO_ANSWER));
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status line"))?;
        let mut length = None;
        let mut chunked = false;
        loop {
            line.clear();
            if self.reader.read_line(&mut line)? == 0 {
                return Err(bad("connection closed in the headers"));
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                let name = name.trim().to_ascii_lowercase();
                if name == "connection" && value.trim().eq_ignore_ascii_case("close") {
                    self.closing = true;
                } else if name == "content-length" {
                    length = value.trim().parse::<usize>().ok();
                } else if name == "transfer-encoding" && value.contains("chunked") {
                    chunked = true;
                }
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                self.reader.read_line(&mut line)?;
                let size = usize::from_str_radix(line.trim(), 16).map_err(|_| bad("chunk size"))?;
                let mut chunk = vec![0; size + 2];
                self.reader.read_exact(&mut chunk)?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else {
            let mut chunk = vec![0; length.unwrap_or(0)];
            self.reader.read_exact(&mut chunk)?;
            body = chunk;
        }
        self.used = true;
        Ok(Reply {
            status,
            body: String::from_utf8_lossy(&body).into_owned(),
        })
    }
}
