import Foundation

/// Identifies one version of the data file, to notice when another program changed it after we read it.
///
/// A replaced file (editors, sync tools, another roadtrip: a new inode) or an edit in place (new size or
/// modification time) changes it. So does an edit of the same size whose modification time was put back
/// (`touch -r`, `os.utime`): the kernel sets the change time on every write and no program can set it back.
/// A chmod, a chown or a hard link (the store's own backups too) also set the change time alone: when only
/// that differs, the store compares the bytes (`ContentDigest`).
struct FileFingerprint: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let changedSeconds: Int
    let changedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        changedSeconds = Int(info.st_ctimespec.tv_sec)
        changedNanoseconds = Int(info.st_ctimespec.tv_nsec)
        #else
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        changedSeconds = Int(info.st_ctim.tv_sec)
        changedNanoseconds = Int(info.st_ctim.tv_nsec)
        #endif
    }

    /// Whether `other` is this file with the same size and modification time, its change time aside.
    func equalsIgnoringChangeTime(_ other: FileFingerprint) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
    }
}
