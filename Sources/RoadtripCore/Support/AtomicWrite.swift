import Foundation

/// Replaces a small file (the leg cache, an exported trip) the way the trips file is saved: a temporary file
/// beside it, synced, renamed over the old one. Readers see the old or the new version, never a mix.
public enum AtomicWrite {
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws {
        let paths = StorePaths(requested: url.path, target: url.path)
        _ = try AtomicFile.replace(paths, with: data, mode: mode, owner: nil, fileSystem: PosixFileSystem(),
                                   beforeRename: {})
    }
}
