//! The files and folders the commands write (`solve --proof`, `report --out` and `--tables`,
//! `tablebase build --dir`, the reports' files): each checked by [`check`] before any work
//! starts, and each file written whole by [`write_whole`]. A path may name a regular file in
//! a folder that can be written, or nothing yet; a device, a FIFO, a socket or a folder
//! named as a file is refused and never opened, so that no output replaces what is not one.

use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// What a path names: a file to write, or a folder to write files in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A file, written whole ([`write_whole`]).
    File,
    /// A folder, created (with its parents) where it does not exist.
    Folder,
}

/// Checks that `path`, given as `option` (`--proof`, `--out`), may be written as `kind`:
/// a file is a regular file or absent, in an existing folder this process can write; a
/// folder is a folder or absent, under a folder this process can write. The line that
/// refuses it names the option, the path and the reason.
pub fn check(option: &str, path: &Path, kind: Kind) -> Result<(), String> {
    let name = format!("{option} {}", path.display());
    match (fs::metadata(path), kind) {
        (Ok(m), Kind::File) if m.is_dir() => return Err(format!("{name}: a folder, not a file")),
        (Ok(m), Kind::File) if !m.is_file() => {
            return Err(format!(
                "{name}: not a regular file (a device, FIFO or socket is never written)"
            ))
        }
        (Ok(m), Kind::Folder) if !m.is_dir() => return Err(format!("{name}: not a folder")),
        (Ok(_), Kind::Folder) => return writable(&name, path),
        (Ok(_), Kind::File) => {}
        // Under something that is not a folder, the folder check below says so.
        (Err(_), _) => {}
    }
    match kind {
        Kind::File => {
            let folder = folder_of(path);
            match fs::metadata(&folder) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => return Err(format!("{name}: {} is not a folder", folder.display())),
                Err(_) => {
                    return Err(format!(
                        "{name}: the folder {} does not exist",
                        folder.display()
                    ))
                }
            }
            match fs::metadata(path) {
                Err(e) if e.kind() != ErrorKind::NotFound => {
                    return Err(format!("{name}: cannot be looked up: {e}"))
                }
                _ => {}
            }
            let part = part_of(path).map_err(|e| format!("{name}: {e}"))?;
            in_the_way(&name, &part)?;
            writable(&name, &folder)
        }
        Kind::Folder => {
            // The nearest folder that exists is where the missing ones will be made.
            let mut up = path.to_path_buf();
            loop {
                up = folder_of(&up);
                match fs::metadata(&up) {
                    Ok(m) if m.is_dir() => return writable(&name, &up),
                    Ok(_) => return Err(format!("{name}: {} is not a folder", up.display())),
                    Err(_) if up.parent().is_none() || up == Path::new(".") => {
                        return Err(format!("{name}: no folder of it exists"))
                    }
                    Err(_) => {}
                }
            }
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: a temporary file beside it (`NAME.part`),
/// synced to disk and renamed over `path`, the folder synced after. `path` is checked again
/// first ([`check`]): whatever came to be there since is never replaced unless a regular
/// file. A failed write or sync is an error that names `option` and `path`.
pub fn write_whole(option: &str, path: &Path, bytes: &[u8]) -> Result<(), String> {
    check(option, path, Kind::File)?;
    let name = format!("{option} {}", path.display());
    let part = part_of(path).map_err(|e| format!("{name}: {e}"))?;
    let cannot = |what: &str, e: std::io::Error| format!("{name}: cannot {what}: {e}");
    let written = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&part)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        });
    if let Err(e) = written {
        let _ = fs::remove_file(&part);
        return Err(cannot("write", e));
    }
    if let Err(e) = fs::rename(&part, path) {
        let _ = fs::remove_file(&part);
        return Err(cannot("rename the finished file into place", e));
    }
    // The rename is durable once the folder's entry is.
    match fs::File::open(folder_of(path)).and_then(|d| d.sync_all()) {
        Err(e) if e.kind() != ErrorKind::InvalidInput => Err(cannot("sync its folder", e)),
        _ => Ok(()),
    }
}

/// The folder `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The temporary file a file is written to before it is renamed: `NAME.part` beside it.
fn part_of(path: &Path) -> Result<PathBuf, String> {
    let file = path.file_name().ok_or("not a file name")?;
    let mut part = file.to_os_string();
    part.push(".part");
    Ok(path.with_file_name(part))
}

/// Refuses a temporary file's path where something other than a regular file is.
fn in_the_way(name: &str, part: &Path) -> Result<(), String> {
    match fs::symlink_metadata(part) {
        Ok(m) if !m.is_file() => Err(format!(
            "{name}: {} is in the way (not a regular file)",
            part.display()
        )),
        _ => Ok(()),
    }
}

/// Refuses a folder this process cannot create a file in (tried with an empty file of its
/// own, removed at once).
fn writable(name: &str, folder: &Path) -> Result<(), String> {
    let probe = folder.join(format!(".mancala-write-check-{}", std::process::id()));
    match OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = fs::remove_file(&probe);
            Ok(())
        }
        Err(e) if e.kind() == ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(format!(
            "{name}: cannot write in the folder {}: {e}",
            folder.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn fifo(path: &Path) {
        let ok = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "mkfifo {}", path.display());
    }

    #[test]
    fn files_are_checked_before_they_are_written() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.proof");
        assert_eq!(check("--proof", &file, Kind::File), Ok(()));
        write_whole("--proof", &file, b"one").unwrap();
        write_whole("--proof", &file, b"two").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"two");
        assert!(!dir.path().join("a.proof.part").exists());
        let e = check("--proof", dir.path(), Kind::File).unwrap_err();
        assert!(e.contains("a folder, not a file"), "{e}");
        let e = check("--proof", &dir.path().join("no/x"), Kind::File).unwrap_err();
        assert!(e.contains("does not exist"), "{e}");
        let e = check("--proof", &file.join("x"), Kind::File).unwrap_err();
        assert!(e.contains("not a folder"), "{e}");
        assert_eq!(check("--out", dir.path(), Kind::Folder), Ok(()));
        assert_eq!(
            check("--out", &dir.path().join("b/c"), Kind::Folder),
            Ok(())
        );
        let e = check("--out", &file, Kind::Folder).unwrap_err();
        assert!(e.contains("not a folder"), "{e}");
        let e = check("--out", &file.join("c"), Kind::Folder).unwrap_err();
        assert!(e.contains("not a folder"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_and_left_as_it_is() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("f");
        fifo(&f);
        for e in [
            check("--proof", &f, Kind::File).unwrap_err(),
            write_whole("--proof", &f, b"x").unwrap_err(),
            check("--out", &f, Kind::Folder).unwrap_err(),
        ] {
            assert!(e.contains("not a"), "{e}");
        }
        assert!(fs::metadata(&f).unwrap().file_type().is_fifo());
        // A FIFO where the temporary file goes is not opened either.
        let g = dir.path().join("g");
        fifo(&dir.path().join("g.part"));
        let e = write_whole("--proof", &g, b"x").unwrap_err();
        assert!(e.contains("in the way"), "{e}");
        assert!(!g.exists());
    }
}
