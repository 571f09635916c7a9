//! A tablebase file opened for reading: its header and length checked, its block checksums
//! read and their seal checked, and each block of data checked the first time anything is
//! read from it. A checked block is remembered (one bit), so that later reads cost a look
//! at that bit and the read itself.

use super::TablebaseError;
use super::checksum::{self, CHECKSUM_BYTES};
use super::files::{self, Header, Part, REBUILD};
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// One part of a table, open, with its checksums.
pub(super) struct CheckedFile {
    file: File,
    path: PathBuf,
    header: Header,
    /// The data bytes after the header.
    data_len: u64,
    /// The CRC-32 of each block.
    sums: Vec<u32>,
    /// One bit a block: set once the block has matched its checksum.
    checked: Vec<AtomicU64>,
}

impl CheckedFile {
    /// Opens `path`, a `part` of a table: reads and checks its header and length, and
    /// reads its block checksums and checks their seal.
    pub fn open(path: &Path, part: Part) -> Result<CheckedFile, TablebaseError> {
        let (header, file) = files::read_header(path, part)?;
        let data_len = header.data_len(part);
        let blocks = checksum::block_count(data_len, header.block_bytes);
        let mut trailer = vec![0u8; checksum::trailer_len(data_len, header.block_bytes) as usize];
        file.read_exact_at(&mut trailer, header.length() + data_len)
            .map_err(|error| TablebaseError::io(path, error))?;
        let mut sums: Vec<u32> = trailer
            .chunks_exact(CHECKSUM_BYTES as usize)
            .map(|bytes| u32::from_le_bytes(bytes.try_into().expect("four bytes")))
            .collect();
        let seal = sums.pop().expect("the trailer ends with the seal");
        if checksum::seal(header.text.as_bytes(), &sums) != seal {
            return Err(TablebaseError::Corrupt {
                path: path.to_path_buf(),
                problem: format!(
                    "its header or its block checksums are damaged (they do not match their seal); {REBUILD}"
                ),
            });
        }
        Ok(CheckedFile {
            file,
            path: path.to_path_buf(),
            header,
            data_len,
            sums,
            checked: (0..blocks.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
        })
    }

    /// What the header says.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The error for a position whose stored value cannot be (`problem` says why), in a
    /// file whose checksums match: a file written wrongly, not damaged afterwards.
    pub fn impossible(&self, position: usize, problem: String) -> TablebaseError {
        TablebaseError::Corrupt {
            path: self.path.clone(),
            problem: format!("position {position} holds {problem}; {REBUILD}"),
        }
    }

    /// Fills `buf` with the data bytes from `offset` (counted from the start of the data),
    /// checking each block they lie in the first time it is read.
    pub fn read(&self, offset: u64, buf: &mut [u8]) -> Result<(), TablebaseError> {
        let end = offset
            .checked_add(buf.len() as u64)
            .filter(|&end| end <= self.data_len)
            .ok_or_else(|| TablebaseError::Corrupt {
                path: self.path.clone(),
                problem: format!(
                    "a read of {} bytes at data byte {offset} lies past its {} data bytes",
                    buf.len(),
                    self.data_len
                ),
            })?;
        if buf.is_empty() {
            return Ok(());
        }
        let block_bytes = self.header.block_bytes;
        for block in offset / block_bytes..=(end - 1) / block_bytes {
            if !self.is_checked(block) {
                self.read_block(block)?;
            }
        }
        self.file
            .read_exact_at(buf, self.header.length() + offset)
            .map_err(|error| TablebaseError::io(&self.path, error))
    }

    /// Calls `f` with the number and the data of every block in order, each checked.
    pub fn for_each_block(
        &self,
        mut f: impl FnMut(u64, &[u8]) -> Result<(), TablebaseError>,
    ) -> Result<(), TablebaseError> {
        for block in 0..self.sums.len() as u64 {
            let bytes = self.read_block(block)?;
            f(block, &bytes)?;
        }
        Ok(())
    }

    /// Whether `block` has matched its checksum before.
    #[inline]
    fn is_checked(&self, block: u64) -> bool {
        self.checked[(block / 64) as usize].load(Ordering::Relaxed) & (1 << (block % 64)) != 0
    }

    /// Reads `block` and checks it against its checksum: its bytes, or the error that
    /// names the file and where the damage lies.
    fn read_block(&self, block: u64) -> Result<Vec<u8>, TablebaseError> {
        let block_bytes = self.header.block_bytes;
        let start = block * block_bytes;
        let len = block_bytes.min(self.data_len - start);
        let mut bytes = vec![0u8; len as usize];
        let at = self.header.length() + start;
        self.file
            .read_exact_at(&mut bytes, at)
            .map_err(|error| TablebaseError::io(&self.path, error))?;
        if checksum::block_checksum(&bytes) != self.sums[block as usize] {
            return Err(TablebaseError::Damaged {
                path: self.path.clone(),
                block: block + 1,
                blocks: self.sums.len() as u64,
                first_byte: at,
                last_byte: at + len - 1,
            });
        }
        self.checked[(block / 64) as usize].fetch_or(1 << (block % 64), Ordering::Relaxed);
        Ok(bytes)
    }
}
