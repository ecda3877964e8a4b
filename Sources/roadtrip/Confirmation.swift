import Foundation

/// Destructive commands ask first. Without a terminal to ask on, they refuse unless `--yes` was given.
enum Confirmation {
    /// Whether to go ahead. "No" is an answer, not a mistake: it says so and the command exits 0, like
    /// `rm -i`.
    static func confirmed(_ yes: Bool, question: String, refused: String = "Not deleted",
                          declined: String = "Nothing deleted.") throws -> Bool {
        if yes { return true }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIFailure.user("\(question) \(refused): no terminal to confirm on; add --yes")
        }
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            FileHandle.standardError.write(Data("\(declined)\n".utf8))
            return false
        }
        return true
    }
}
