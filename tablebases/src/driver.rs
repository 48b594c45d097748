//! The slice driver both builders stand on (two-row [`crate::build`], four-row
//! [`crate::fourrow::build`]): the worker pool, the folder, and one *unit* of a build (the
//! slices built together, one file each). A unit whose files are all there is kept: a file
//! only ever appears complete ([`crate::format::write_file`] writes it under a temporary name,
//! syncs it and renames it), so a build killed at any point resumes from its finished slices.
//! Every file of a unit, kept or just written, is then opened with its header, name and
//! checksum checked before the slices above read it.

use crate::error::Error;
use std::path::{Path, PathBuf};

/// A rayon pool of `threads` workers for building; 0 is refused.
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Error> {
    if threads == 0 {
        return Err(Error::Resources(
            "invalid thread count 0: expected at least 1".into(),
        ));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Resources(format!("cannot start {threads} threads: {e}")))
}

/// Creates the folder of the tables (and its parents) if it is not there.
pub fn create_folder(dir: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, "creating the folder", e))
}

/// True when the file is there (a finished slice: files appear complete or not at all).
pub fn present(path: &Path) -> Result<bool, Error> {
    path.try_exists()
        .map_err(|e| Error::io(path, "looking for", e))
}

/// One unit of a build: kept when every one of `paths` is there, else built by `make` (which
/// writes them all); then each file opened by `open` (given its place in `paths`), which
/// checks it whole. Returns whether the unit was kept, and the opened files.
pub fn unit<T>(
    paths: &[PathBuf],
    make: impl FnOnce() -> Result<(), Error>,
    open: impl Fn(usize, &Path) -> Result<T, Error>,
) -> Result<(bool, Vec<T>), Error> {
    let mut kept = true;
    for p in paths {
        kept &= present(p)?;
    }
    if !kept {
        make()?;
    }
    let files = paths
        .iter()
        .enumerate()
        .map(|(i, p)| open(i, p))
        .collect::<Result<Vec<T>, Error>>()?;
    Ok((kept, files))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_is_kept_only_when_all_its_files_are_there() {
        let d = tempfile::tempdir().unwrap();
        let paths = [d.path().join("a"), d.path().join("b")];
        std::fs::write(&paths[0], b"x").unwrap();
        // One file missing: built, both written, both opened.
        let (kept, files) = unit(
            &paths,
            || {
                for p in &paths {
                    std::fs::write(p, b"y").unwrap();
                }
                Ok(())
            },
            |i, p| Ok((i, std::fs::read(p).unwrap())),
        )
        .unwrap();
        assert!(!kept);
        assert_eq!(files, [(0, b"y".to_vec()), (1, b"y".to_vec())]);
        // Both there: kept, never rebuilt.
        let (kept, _) = unit(&paths, || panic!("rebuilt"), |_, _| Ok(())).unwrap();
        assert!(kept);
        // A file refused on opening fails the unit, by the file's own error.
        let err = unit(
            &paths,
            || Ok(()),
            |_, p| Err::<(), _>(Error::corrupt(p, "bad")),
        )
        .unwrap_err();
        assert!(err.to_string().contains("bad"), "{err}");
        assert!(thread_pool(0).is_err());
    }
}
