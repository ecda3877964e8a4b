import ArgumentParser

/// Every command's help, walked from the command tree: `roadtrip help commands` prints it and `make docs` writes
/// it to docs/cli.md (a test fails when that file is stale).
enum CommandReference {
    /// The help is laid out for this many columns, whatever the terminal: the file must not depend on it.
    static let columns = 100

    static var markdown: String {
        var lines = [
            "# roadtrip — commands", "",
            "<!-- Generated from the command tree by `make docs` (`roadtrip help commands`): edit the commands' "
                + "help in Sources/roadtrip, not this file. -->",
            "",
            "Each command's `--help`. `roadtrip help COMMAND` prints one of them; `man roadtrip` (after "
                + "`make install`) has them all.",
        ]
        for (path, command) in commands(Roadtrip.self, path: []) {
            let help = Roadtrip.helpMessage(for: command, columns: columns)
            lines += ["", "## \((["roadtrip"] + path).joined(separator: " "))", "", "```text"]
            lines += help.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0.reversed().drop { $0 == " " }.reversed())
            }
            lines += ["```"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `command` and the commands under it, depth first, each with its names after `roadtrip`.
    private static func commands(_ command: ParsableCommand.Type, path: [String]) -> [([String], ParsableCommand.Type)] {
        [(path, command)] + command.configuration.subcommands.flatMap { sub in
            commands(sub, path: path + [sub.configuration.commandName ?? sub._commandName])
        }
    }
}
