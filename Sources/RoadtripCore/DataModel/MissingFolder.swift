import Foundation

/// Why a file cannot be where a path puts it, told apart from the file alone not being there: the first folder on
/// the way that does not exist (`/tmp/nope` for `/tmp/nope/deeper/x.kml`), or a file where a folder should be.
public enum MissingFolder: Equatable, CustomStringConvertible {
    case missing(String)
    case notAFolder(String)

    public var description: String {
        switch self {
        case let .missing(folder): return "the folder \(folder) does not exist"
        case let .notAFolder(path): return "\(path) is not a folder"
        }
    }

    /// What is wrong with the folders of `path`, or nil when its folder is there (or cannot be told: a folder that
    /// cannot be searched says so in the error of whatever tries it).
    public static func of(_ path: String, fileSystem fs: FileSystem = PosixFileSystem()) -> MissingFolder? {
        of(folder: parent(of: path), fileSystem: fs)
    }

    /// What is wrong with `folder` itself or the folders on its way, as `of(_:)` tells it.
    public static func of(folder: String, fileSystem fs: FileSystem = PosixFileSystem()) -> MissingFolder? {
        var problem: MissingFolder?
        var folder = folder
        while !folder.isEmpty {
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            do {
                let info = try fs.stat(folder)
                return info.st_mode & S_IFMT == S_IFDIR ? problem : .notAFolder(folder)
            } catch let error as SystemCallError where error.code == ENOENT {
                problem = .missing(folder)
            } catch let error as SystemCallError where error.code == ENOTDIR {
                // A file further up: the next step finds it.
            } catch {
                return nil
            }
            if folder == "/" { break }
            folder = parent(of: folder)
        }
        return problem
    }

    /// The folder `path` names a file in: "" for a name alone, "/" at the root. (Not NSString's
    /// `deletingLastPathComponent`, which crashes on a one-character path with this Foundation.)
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
