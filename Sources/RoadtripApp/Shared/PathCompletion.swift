import Foundation
import RoadtripCore
import TerminalUI

/// Tab in a path prompt, as a shell completes a file name: the name after the last `/` is completed from the entries
/// of the folder before it (read as the prompt reads a path: `~`, `folder//restart`), a folder with a trailing `/`.
/// Names starting with `.` are offered only when the typed name does. What was typed before the name is kept as it
/// was (a `~` stays a `~`); a path is the text itself, so spaces and any script need no quoting.
enum PathCompletion {
    static func complete(_ typed: String) -> TextCompletion {
        if typed == "~" || typed.hasSuffix("/..") || typed == ".." { return TextCompletion(text: typed + "/", choices: []) }
        let slash = typed.lastIndex(of: "/")
        let folderText = slash.map { String(typed[...$0]) } ?? ""
        let partial = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let folder = folderText.isEmpty ? "." : TypedPath.resolve(folderText)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            let problem = MissingFolder.of(folder: folder).map { "\($0)" }
            return TextCompletion(text: typed, choices: [],
                                  note: problem.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "Cannot read the folder \(folder)")
        }
        let choices = names
            .filter { $0.hasPrefix(partial) && (partial.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { isFolder(folder + (folder.hasSuffix("/") ? "" : "/") + $0) ? $0 + "/" : $0 }
        guard let first = choices.first else {
            return TextCompletion(text: typed, choices: [], note: partial.isEmpty
                                  ? "Nothing to offer here (hidden names: type the .)" : "Nothing here starts with \(partial)")
        }
        let common = choices.dropFirst().reduce(first) { commonPrefix($0, $1) }
        return TextCompletion(text: folderText + (common.count > partial.count ? common : partial), choices: choices)
    }

    /// The characters `a` and `b` start with, compared as the user reads them (never half an accent or an emoji).
    private static func commonPrefix(_ a: String, _ b: String) -> String {
        String(zip(a, b).prefix { $0 == $1 }.map(\.0))
    }

    /// Whether `path` is a folder or a link to one (which completes as its folder does).
    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
