//! The file format of one slice (see `FORMAT.md` beside the crate for the full layout).
//!
//! ```text
//! offset 0    magic            8 bytes  89 'M' 'T' 'B' 0D 0A 1A 0A
//! offset 8    format version   u32 LE   1
//! offset 12   header length L  u32 LE   bytes of the JSON header
//! offset 16   header checksum  u64 LE   XXH3-64 of bytes 0..data_offset, this field zeroed
//! offset 24   JSON header      L bytes  variant, rules, width, stones, encoding, positions,
//!                                       data offset, data checksum
//! ...         zero padding up to data_offset (the first multiple of 4096 >= 24 + L)
//! data_offset values           one byte per position, i8, in index order
//! ```
//!
//! The file is exactly `data_offset + positions` bytes long. Files are written under a
//! temporary name (`<name>.tmp`), synced, and renamed, so a finished name always holds a
//! complete file.

use crate::error::Error;
use crate::files::GameId;
use memmap2::Mmap;
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// The first eight bytes of every file.
pub const MAGIC: [u8; 8] = *b"\x89MTB\r\n\x1a\n";
/// The format version this code writes and reads.
pub const VERSION: u32 = 1;
/// Bytes before the JSON header.
pub const PREAMBLE: usize = 24;
/// Alignment of the data: a page, so the values can be memory-mapped.
pub const PAGE: usize = 4096;
/// The value encoding: one signed byte per position.
pub const ENCODING: &str = "i8";
/// The order of the positions in the data.
pub const INDEX: &str = "colex-stars-and-bars";
/// Four-row tables: the value encoding (win/draw/loss with distance).
pub const FOUR_ENCODING: &str = "wdl-dtm";
/// Four-row tables: the metric.
pub const FOUR_METRIC: &str = "wdl";
/// Four-row tables: the position order (`crate::fourrow` describes it).
pub const FOUR_INDEX: &str = "fourrow-state-mover-opponent";
/// Morris tables: the position order (`crate::morris` describes it; encoding and metric are
/// the four-row tables').
pub const MORRIS_INDEX: &str = "morris-d4-mover-opponent";
/// The most stones a slice may have: values lie in `-stones..=stones` and must fit an `i8`.
pub const MAX_STONES: u32 = 127;
/// The longest JSON header accepted.
const MAX_HEADER: usize = 1 << 20;
/// Values [`write_file`] asks of its `fill` at a time (the last call may ask fewer).
pub const WRITE_CHUNK: usize = 1 << 20;

/// The JSON header of a slice file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The variant id.
    pub variant: String,
    /// Every rule option as `name=value`.
    pub rules: Vec<String>,
    /// Pits a side.
    pub width: usize,
    /// Seeds on the board in every position of the slice.
    pub stones: u32,
    /// The metric of the values: `margin` (future seed difference).
    pub metric: String,
    /// The value encoding: `i8`.
    pub encoding: String,
    /// The position order: `colex-stars-and-bars` (see the `index` module).
    pub index: String,
    /// Number of positions (values).
    pub positions: u64,
    /// Offset of the first value in the file.
    pub data_offset: u64,
    /// XXH3-64 of the values, as `xxh3-64:` and 16 hex digits.
    pub data_checksum: String,
    /// Four-row tables only: the seeds of the side to move and of the opponent in every
    /// position of the slice (`stones` is their sum); absent in two-row files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<[u32; 2]>,
}

impl Header {
    /// True for a win/draw/loss table's header (four-row or morris: counted by its split, which
    /// its opener checks), false for a margin table's.
    pub fn is_wdl(&self) -> bool {
        self.encoding == FOUR_ENCODING
            && self.metric == FOUR_METRIC
            && (self.index == FOUR_INDEX || self.index == MORRIS_INDEX)
            && self.split.is_some()
    }

    /// The identity of the game this header is for.
    pub fn game_id(&self) -> GameId {
        GameId {
            variant: self.variant.clone(),
            rules: self.rules.clone(),
            width: self.width,
        }
    }
}

fn checksum_text(h: u64) -> String {
    format!("xxh3-64:{h:016x}")
}

/// The offset of the data for a header of `len` bytes.
fn data_offset(len: usize) -> usize {
    (PREAMBLE + len).div_ceil(PAGE) * PAGE
}

/// The temporary name a slice is written under before it is renamed to `path`.
pub fn temp_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".tmp");
    PathBuf::from(s)
}

/// Writes a slice file: the values come from `fill`, called with consecutive buffers that it
/// must fill completely, in index order. Written to [`temp_path`] first, synced, then renamed.
pub fn write_slice(
    path: &Path,
    id: &GameId,
    stones: u32,
    positions: u64,
    fill: impl FnMut(u64, &mut [u8]),
) -> Result<(), Error> {
    write_file(path, slice_header(id, stones, positions), fill)
}

/// The header of a two-row slice file (offset and checksum filled in by [`write_file`]).
pub fn slice_header(id: &GameId, stones: u32, positions: u64) -> Header {
    Header {
        variant: id.variant.clone(),
        rules: id.rules.clone(),
        width: id.width,
        stones,
        metric: "margin".into(),
        encoding: ENCODING.into(),
        index: INDEX.into(),
        positions,
        data_offset: 0,
        data_checksum: checksum_text(0),
        split: None,
    }
}

/// Writes a file with `header` (whose `data_offset` and `data_checksum` are filled in here)
/// and the values from `fill`, as [`write_slice`] does.
pub fn write_file(
    path: &Path,
    mut header: Header,
    mut fill: impl FnMut(u64, &mut [u8]),
) -> Result<(), Error> {
    let positions = header.positions;
    let tmp = temp_path(path);
    let tmp_ref = &tmp;
    let io = |action: &'static str| move |e| Error::io(tmp_ref, action, e);
    // A temporary name that holds something else than a file (a FIFO would block the open)
    // is refused; a file there is a write that was interrupted, overwritten.
    if let Ok(meta) = fs::metadata(&tmp) {
        check_regular(&tmp, &meta)?;
    }
    let mut f = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&tmp)
        .map_err(io("creating"))?;
    // The header's length does not depend on the checksum's value (fixed width), so the data
    // offset is known before the data is written.
    header.data_checksum = checksum_text(0);
    header.data_offset = PAGE as u64;
    loop {
        let len = serde_json::to_vec(&header)
            .expect("a header serialises")
            .len();
        let off = data_offset(len) as u64;
        if off == header.data_offset {
            break;
        }
        header.data_offset = off;
    }
    let offset = header.data_offset as usize;
    f.seek(SeekFrom::Start(offset as u64))
        .map_err(io("seeking"))?;
    let mut hasher = Xxh3::new();
    let mut buf = vec![0u8; WRITE_CHUNK];
    let mut at = 0u64;
    {
        let mut w = std::io::BufWriter::with_capacity(1 << 20, &mut f);
        while at < positions {
            let n = (positions - at).min(buf.len() as u64) as usize;
            fill(at, &mut buf[..n]);
            hasher.update(&buf[..n]);
            w.write_all(&buf[..n]).map_err(io("writing"))?;
            at += n as u64;
        }
        w.flush().map_err(io("writing"))?;
    }
    header.data_checksum = checksum_text(hasher.digest());
    let json = serde_json::to_vec(&header).expect("a header serialises");
    assert_eq!(
        data_offset(json.len()),
        offset,
        "the checksum has a fixed width"
    );
    let mut head = vec![0u8; offset];
    head[..8].copy_from_slice(&MAGIC);
    head[8..12].copy_from_slice(&VERSION.to_le_bytes());
    head[12..16].copy_from_slice(&(json.len() as u32).to_le_bytes());
    head[PREAMBLE..PREAMBLE + json.len()].copy_from_slice(&json);
    let hh = xxh3_64(&head);
    head[16..24].copy_from_slice(&hh.to_le_bytes());
    f.seek(SeekFrom::Start(0)).map_err(io("seeking"))?;
    f.write_all(&head).map_err(io("writing"))?;
    f.sync_all().map_err(io("syncing"))?;
    drop(f);
    fs::rename(&tmp, path).map_err(|e| Error::io(path, "renaming the temporary file to it", e))?;
    if let Some(dir) = path.parent() {
        // Make the rename durable; not every platform can sync a folder, so failure is ignored.
        if let Ok(d) = File::open(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        }) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// Writes a win/draw/loss slice file (four-row or morris tables): the slice `split` of the
/// game `id`, its positions in the order `index` names, one value byte each.
pub fn write_wdl(
    path: &Path,
    id: GameId,
    split: [u32; 2],
    index: &str,
    v: &[u8],
) -> Result<(), Error> {
    write_file(
        path,
        wdl_header(id, split, index, v.len() as u64),
        |at, buf| buf.copy_from_slice(&v[at as usize..at as usize + buf.len()]),
    )
}

/// The header of a win/draw/loss slice file (offset and checksum filled in by [`write_file`]).
pub fn wdl_header(id: GameId, split: [u32; 2], index: &str, positions: u64) -> Header {
    Header {
        variant: id.variant,
        rules: id.rules,
        width: id.width,
        stones: split[0] + split[1],
        metric: FOUR_METRIC.into(),
        encoding: FOUR_ENCODING.into(),
        index: index.into(),
        positions,
        data_offset: 0,
        data_checksum: String::new(),
        split: Some(split),
    }
}

/// What a file type is, in words, for [`Error::NotAFile`].
fn kind_of(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

/// Refuses `meta` of `path` unless it is a regular file's.
fn check_regular(path: &Path, meta: &fs::Metadata) -> Result<(), Error> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(Error::NotAFile {
            path: path.to_path_buf(),
            kind: kind_of(meta.file_type()),
        })
    }
}

/// Opens a table file for reading: a regular file, or a link to one. Anything else under the
/// name (a FIFO, a socket, a device, a folder) is refused with [`Error::NotAFile`] before it
/// is opened, since opening a FIFO waits for a writer for ever. Every table file this crate
/// reads is opened here. The open itself does not wait either (on Unix it is non-blocking,
/// which changes nothing for a regular file), and what it opened is checked again, so a name
/// swapped for a FIFO between the check and the open is refused too.
pub fn open_regular(path: &Path) -> Result<File, Error> {
    let meta = fs::metadata(path).map_err(|e| Error::io(path, "opening", e))?;
    check_regular(path, &meta)?;
    let mut opts = OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NONBLOCK);
    }
    let f = opts.open(path).map_err(|e| Error::io(path, "opening", e))?;
    let meta = f
        .metadata()
        .map_err(|e| Error::io(path, "reading its size", e))?;
    check_regular(path, &meta)?;
    Ok(f)
}

/// Reads and checks the header of a slice file: magic, version, header checksum, fields,
/// file length. Does not read the data; the count of positions is checked against the slice
/// by the family's check of the header (`tworow::verify::check_header`, `wdl::check_header`).
pub fn read_header(path: &Path) -> Result<Header, Error> {
    let mut f = open_regular(path)?;
    let len = f
        .metadata()
        .map_err(|e| Error::io(path, "reading its size", e))?
        .len();
    let mut pre = [0u8; PREAMBLE];
    if len < PREAMBLE as u64 {
        return Err(Error::corrupt(
            path,
            format!("truncated: {len} bytes, shorter than the {PREAMBLE}-byte preamble"),
        ));
    }
    f.read_exact(&mut pre)
        .map_err(|e| Error::io(path, "reading", e))?;
    check_preamble(path, &pre)?;
    let hlen = u32::from_le_bytes(pre[12..16].try_into().expect("4 bytes")) as usize;
    if hlen > MAX_HEADER {
        return Err(Error::corrupt(
            path,
            format!("header length {hlen} is beyond the {MAX_HEADER} accepted"),
        ));
    }
    let offset = data_offset(hlen);
    if len < offset as u64 {
        return Err(Error::corrupt(
            path,
            format!("truncated: {len} bytes, shorter than its {offset}-byte header"),
        ));
    }
    let mut head = vec![0u8; offset];
    head[..PREAMBLE].copy_from_slice(&pre);
    f.read_exact(&mut head[PREAMBLE..])
        .map_err(|e| Error::io(path, "reading", e))?;
    parse_header(path, &mut head, len)
}

fn check_preamble(path: &Path, pre: &[u8]) -> Result<(), Error> {
    if pre[..8] != MAGIC {
        return Err(Error::corrupt(
            path,
            "bad magic: not a mancala tablebase file",
        ));
    }
    let version = u32::from_le_bytes(pre[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(Error::corrupt(
            path,
            format!("format version {version}, this program reads version {VERSION}"),
        ));
    }
    Ok(())
}

/// Checks the header bytes `head` (`0..data_offset`, whose checksum field is zeroed here) of
/// a file of `file_len` bytes.
fn parse_header(path: &Path, head: &mut [u8], file_len: u64) -> Result<Header, Error> {
    let stored = u64::from_le_bytes(head[16..24].try_into().expect("8 bytes"));
    head[16..24].fill(0);
    if xxh3_64(head) != stored {
        return Err(Error::corrupt(path, "header checksum mismatch"));
    }
    let hlen = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes")) as usize;
    let json = &head[PREAMBLE..PREAMBLE + hlen];
    let h: Header = serde_json::from_slice(json)
        .map_err(|e| Error::corrupt(path, format!("unreadable header: {e}")))?;
    if h.data_offset != head.len() as u64 {
        return Err(Error::corrupt(
            path,
            format!(
                "header says data at offset {}, expected {}",
                h.data_offset,
                head.len()
            ),
        ));
    }
    if !h.is_wdl() && (h.encoding != ENCODING || h.metric != "margin" || h.index != INDEX) {
        return Err(Error::corrupt(
            path,
            format!(
                "unsupported encoding {}, metric {} or index {}: expected {ENCODING}, margin, {INDEX}",
                h.encoding, h.metric, h.index
            ),
        ));
    }
    if h.stones > MAX_STONES {
        return Err(Error::corrupt(
            path,
            format!("{} stones, at most {MAX_STONES}", h.stones),
        ));
    }
    let want = h.data_offset + h.positions;
    if file_len != want {
        return Err(Error::corrupt(
            path,
            format!(
                "{}: {file_len} bytes, expected {want}",
                if file_len < want {
                    "truncated"
                } else {
                    "trailing bytes"
                }
            ),
        ));
    }
    Ok(h)
}

/// One slice file, memory-mapped and checked.
pub struct SliceFile {
    path: PathBuf,
    header: Header,
    map: Mmap,
}

impl SliceFile {
    /// Opens `path`, checks its header's bytes ([`read_header`]) and (when `check_data`) the
    /// checksum of its values; any family's file, unchecked against its name (a family's
    /// reader checks that through [`SliceFile::open_checked`]).
    pub fn open(path: &Path, check_data: bool) -> Result<SliceFile, Error> {
        SliceFile::open_checked(path, |_| Ok(()), check_data)
    }

    /// Opens `path` (a regular file, [`open_regular`]), checks its header's bytes
    /// ([`read_header`]), then the header by `check` (a family's check of the file against its
    /// name and game, and the slice the caller expects), then (when `check_data`) the checksum
    /// of its values. Every reader and every build (of the files it keeps) opens table files
    /// through here, with the family's own check, so that a file refused by one is refused by
    /// all, for the same reason.
    pub fn open_checked(
        path: &Path,
        check: impl FnOnce(&Header) -> Result<(), Error>,
        check_data: bool,
    ) -> Result<SliceFile, Error> {
        let header = read_header(path)?;
        check(&header)?;
        let file = open_regular(path)?;
        // SAFETY: a finished table file is never written again: the builder writes a temporary
        // file and renames it, and nothing in this crate opens a finished file for writing.
        // Changing the file from outside while it is mapped is outside this crate's contract
        // (as for any memory-mapped database).
        let map = unsafe { Mmap::map(&file) }.map_err(|e| Error::io(path, "mapping", e))?;
        if map.len() as u64 != header.data_offset + header.positions {
            return Err(Error::corrupt(path, "the file changed size while opened"));
        }
        let sf = SliceFile {
            path: path.to_path_buf(),
            header,
            map,
        };
        if check_data {
            sf.check_data()?;
        }
        Ok(sf)
    }

    /// Checks the data checksum.
    pub fn check_data(&self) -> Result<(), Error> {
        let got = checksum_text(xxh3_64(self.data()));
        if got != self.header.data_checksum {
            return Err(Error::corrupt(
                &self.path,
                format!(
                    "data checksum mismatch: computed {got}, header says {}",
                    self.header.data_checksum
                ),
            ));
        }
        Ok(())
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The raw values, one byte per position (an `i8` each).
    #[inline]
    pub fn data(&self) -> &[u8] {
        &self.map[self.header.data_offset as usize..]
    }

    /// The value of the position with index `i` (`i < positions`).
    #[inline]
    pub fn get(&self, i: u64) -> i8 {
        self.data()[i as usize] as i8
    }
}

impl std::fmt::Debug for SliceFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SliceFile")
            .field("path", &self.path)
            .field("header", &self.header)
            .finish()
    }
}
