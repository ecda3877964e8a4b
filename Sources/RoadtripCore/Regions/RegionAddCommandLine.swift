/// The `roadtrip region add` command lines roadtrip prints for the user to run (`region which`, the note of a
/// trip across regions): one text, each word as one shell word (`ShellWord`).
public enum RegionAddCommandLine {
    /// `roadtrip region add FILE… --name NAME`: one region from every file.
    public static func build(_ files: [String], name: String) -> String {
        (["roadtrip", "region", "add"] + files.map(ShellWord.quoted) + ["--name", ShellWord.quoted(name)])
            .joined(separator: " ")
    }

    /// `roadtrip region add --to NAME FILE…`: `NAME` rebuilt from its sources and the files.
    public static func extend(_ name: String, with files: [String]) -> String {
        (["roadtrip", "region", "add", "--to", ShellWord.quoted(name)] + files.map(ShellWord.quoted)).joined(separator: " ")
    }
}
