import Foundation

/// Destructive commands ask first. Without a terminal to ask on, they refuse unless `--yes` was given.
enum Confirmation {
    static func require(_ confirmed: Bool, question: String) throws {
        if confirmed { return }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIFailure.user("\(question) Not deleted: no terminal to confirm on; add --yes")
        }
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else { throw CLIFailure.user("not deleted") }
    }
}
