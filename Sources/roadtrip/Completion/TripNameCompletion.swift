import ArgumentParser
import Foundation
import RoadtripCore

extension CompletionKind {
    /// Tab on a trip argument (`roadtrip show <Tab>`) offers the trips' names (the generated bash, zsh and fish
    /// scripts call the binary back for them).
    static var tripNames: CompletionKind {
        .custom { words, _, _ in TripNameCompletion.names(typed: words) }
    }
}

/// The names Tab offers for a trip: read from the trips file the typed line names (`--data PATH`), else the usual
/// one, without a lock, a backup or a quarantined copy (a key press changes nothing); nothing when it cannot be
/// read, since a completion has nowhere to say why.
enum TripNameCompletion {
    static func names(typed words: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [String]
    {
        let url = DataLocation.resolve(explicit: dataPath(in: words), environment: environment)
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,  // never wait on a FIFO
              let data = try? Data(contentsOf: url), let document = try? TripDocument.decode(data)
        else { return [] }
        // A name with control characters could not be typed back as it is.
        return document.trips.map(\.name).filter { TerminalSafe.line($0) == $0 }
    }

    /// The value of `--data` on the typed line, without the quotes the shell hands over with it.
    static func dataPath(in words: [String]) -> String? {
        var path: String?
        for (index, word) in words.enumerated() {
            if word == "--data", index + 1 < words.count {
                path = words[index + 1]
            } else if word.hasPrefix("--data=") {
                path = String(word.dropFirst("--data=".count))
            }
        }
        guard var path, !path.isEmpty else { return nil }
        if path.count >= 2, let quote = path.first, quote == "'" || quote == "\"", path.last == quote {
            path = String(path.dropFirst().dropLast())
        }
        return path
    }
}
