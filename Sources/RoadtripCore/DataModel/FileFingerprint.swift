import Foundation

/// Identifies one version of the data file, to notice when another program changed it after we read it.
///
/// A replaced file (editors, sync tools, another roadtrip: a new inode) or an edit in place (new size or
/// modification time) both change it. The change time is left out: making a backup hard link changes it,
/// and that is not a change of content.
struct FileFingerprint: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }
}
