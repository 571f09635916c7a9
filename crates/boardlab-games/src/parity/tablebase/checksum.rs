//! The checksums of a tablebase file: the data after the header is cut into blocks of
//! [`BLOCK_BYTES`] (the last one may be shorter), and each block's CRC-32 is stored after
//! the data, followed by one CRC-32 of the header and those block checksums (the "seal").
//! A reader checks the seal when it opens a file and each block the first time it reads
//! from it, so that a damaged byte anywhere gives an error, never a value.

/// The data bytes of one checksummed block: small enough that checking a block on its
/// first read costs a few microseconds, large enough that the checksums take a
/// sixteen-thousandth of the file.
pub(super) const BLOCK_BYTES: u64 = 1 << 16;

/// The smallest and largest block sizes a file may declare.
pub(super) const BLOCK_BYTES_RANGE: std::ops::RangeInclusive<u64> = 512..=(1 << 24);

/// The bytes of each stored checksum.
pub(super) const CHECKSUM_BYTES: u64 = 4;

/// The number of blocks of `data_len` bytes of data.
pub(super) fn block_count(data_len: u64, block_bytes: u64) -> u64 {
    data_len.div_ceil(block_bytes)
}

/// The bytes after the data: every block's checksum, then the seal.
pub(super) fn trailer_len(data_len: u64, block_bytes: u64) -> u64 {
    (block_count(data_len, block_bytes) + 1) * CHECKSUM_BYTES
}

/// The CRC-32 of one block.
pub(super) fn block_checksum(block: &[u8]) -> u32 {
    crc32fast::hash(block)
}

/// The seal of a file: the CRC-32 of its header text and its block checksums.
pub(super) fn seal(header: &[u8], sums: &[u32]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(header);
    for sum in sums {
        hasher.update(&sum.to_le_bytes());
    }
    hasher.finalize()
}

/// The checksums of data written a piece at a time.
pub(super) struct BlockSums {
    block_bytes: u64,
    current: crc32fast::Hasher,
    filled: u64,
    sums: Vec<u32>,
}

impl BlockSums {
    /// No data yet, blocks of `block_bytes`.
    pub fn new(block_bytes: u64) -> BlockSums {
        BlockSums {
            block_bytes,
            current: crc32fast::Hasher::new(),
            filled: 0,
            sums: Vec::new(),
        }
    }

    /// Adds the next bytes of the data.
    pub fn update(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let room = (self.block_bytes - self.filled) as usize;
            let (now, rest) = bytes.split_at(room.min(bytes.len()));
            self.current.update(now);
            self.filled += now.len() as u64;
            if self.filled == self.block_bytes {
                let done = std::mem::take(&mut self.current);
                self.sums.push(done.finalize());
                self.filled = 0;
            }
            bytes = rest;
        }
    }

    /// The trailer of the data seen, for a file with the header `header`: every block's
    /// checksum and the seal, little-endian.
    pub fn trailer(mut self, header: &[u8]) -> Vec<u8> {
        if self.filled > 0 {
            self.sums.push(self.current.finalize());
        }
        let mut out = Vec::with_capacity((self.sums.len() + 1) * CHECKSUM_BYTES as usize);
        for sum in &self.sums {
            out.extend_from_slice(&sum.to_le_bytes());
        }
        out.extend_from_slice(&seal(header, &self.sums).to_le_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_written_in_pieces_are_the_sums_of_the_blocks() {
        let data: Vec<u8> = (0..2500u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut sums = BlockSums::new(1024);
        for piece in data.chunks(333) {
            sums.update(piece);
        }
        let trailer = sums.trailer(b"head");
        assert_eq!(trailer.len() as u64, trailer_len(2500, 1024));
        let expected: Vec<u32> = data.chunks(1024).map(block_checksum).collect();
        let stored: Vec<u32> = trailer
            .chunks(4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        assert_eq!(stored[..3], expected[..]);
        assert_eq!(stored[3], seal(b"head", &expected));
    }
}
