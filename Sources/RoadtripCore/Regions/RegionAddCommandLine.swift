import Foundation

/// The `roadtrip region add` command lines roadtrip prints for the user to run (`region which`, the note of a
/// trip across regions): one text, each word quoted for a POSIX shell where it needs it.
public enum RegionAddCommandLine {
    /// `roadtrip region add FILE… --name NAME`: one region from every file.
    public static func build(_ files: [String], name: String) -> String {
        (["roadtrip", "region", "add"] + files.map(quoted) + ["--name", quoted(name)]).joined(separator: " ")
    }

    /// `roadtrip region add --to NAME FILE…`: `NAME` rebuilt from its sources and the files.
    public static func extend(_ name: String, with files: [String]) -> String {
        (["roadtrip", "region", "add", "--to", quoted(name)] + files.map(quoted)).joined(separator: " ")
    }

    /// The word as it is when the shell would read it unchanged, else in single quotes (a quote inside as `'\''`).
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./+,:@%".unicodeScalars.contains(scalar)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
