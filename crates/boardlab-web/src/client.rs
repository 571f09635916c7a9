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
    /// The headers, names in lower case, in order.
    pub headers: Vec<(String, String)>,
}

impl Reply {
    /// The body parsed as JSON (`Null` if it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or(serde_json::Value::Null)
    }

    /// The value of the first header named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
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
    /// The cookies the server set (name, value), sent back with each request, as a
    /// browser would.
    cookies: Vec<(String, String)>,
    /// Headers sent with every request besides the client's own.
    extra: Vec<(String, String)>,
}

impl Client {
    /// Connects to `addr`.
    pub fn connect(addr: SocketAddr) -> std::io::Result<Client> {
        Ok(Client {
            addr,
            reader: BufReader::new(Self::open(addr)?),
            used: false,
            closing: false,
            cookies: Vec::new(),
            extra: Vec::new(),
        })
    }

    /// Sends `name: value` with every later request (replacing an earlier value).
    pub fn set_header(&mut self, name: &str, value: &str) {
        self.extra.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self.extra.push((name.to_string(), value.to_string()));
    }

    /// The value of the cookie `name` the server set, if it holds one.
    pub fn cookie(&self, name: &str) -> Option<&str> {
        self.cookies
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Forgets every cookie (a new browser).
    pub fn clear_cookies(&mut self) {
        self.cookies.clear();
    }

    /// Keeps a cookie of a `Set-Cookie` header: its name and value; one set empty (or
    /// with `Max-Age=0`) is forgotten.
    fn keep_cookie(&mut self, header: &str) {
        let pair = header.split(';').next().unwrap_or("");
        let Some((name, value)) = pair.split_once('=') else {
            return;
        };
        let (name, value) = (name.trim().to_string(), value.trim().to_string());
        self.cookies.retain(|(n, _)| *n != name);
        let expired = header
            .split(';')
            .any(|part| part.trim().eq_ignore_ascii_case("max-age=0"));
        if !value.is_empty() && !expired {
            self.cookies.push((name, value));
        }
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
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if !self.cookies.is_empty() {
            let cookies: Vec<String> = self
                .cookies
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            head.push_str(&format!("Cookie: {}\r\n", cookies.join("; ")));
        }
        for (name, value) in &self.extra {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
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
        let mut headers = Vec::new();
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
                headers.push((name.clone(), value.trim().to_string()));
                if name == "set-cookie" {
                    self.keep_cookie(value.trim());
                }
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
            headers,
        })
    }
}
