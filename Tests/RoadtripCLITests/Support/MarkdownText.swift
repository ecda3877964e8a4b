import Foundation

/// A Markdown document read the way the documentation checks need: its prose paragraphs (code blocks, tables and
/// headings left out), their sentences, its links, its headings' anchors and its runnable shell examples.
struct MarkdownText {
    let lines: [String]
    /// The indices of lines inside fenced blocks, fences included.
    private let inFence: Set<Int>

    init(_ text: String) {
        lines = text.components(separatedBy: "\n")
        var fenced: Set<Int> = [], open = false
        for (index, line) in lines.enumerated() {
            let fence = line.trimmingCharacters(in: .whitespaces).hasPrefix("```")
            if fence || open { fenced.insert(index) }
            if fence { open.toggle() }
        }
        inFence = fenced
    }

    /// The info string that marks a fenced block as an example the tests run.
    static let runnableFence = "```sh runnable"

    /// Each paragraph as one line: consecutive prose lines; a list item starts a new one.
    var paragraphs: [String] {
        var result: [String] = [], current: [String] = [], fenced = false
        func close() {
            if !current.isEmpty { result.append(current.joined(separator: " ")) }
            current = []
        }
        for line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("```") { fenced.toggle(); close(); continue }
            if fenced || text.isEmpty || text.hasPrefix("|") || text.hasPrefix("#") || text.hasPrefix("<!--") {
                close()
                continue
            }
            if text.range(of: #"^([-*]|\d+\.) "#, options: .regularExpression) != nil { close() }
            current.append(text)
        }
        close()
        return result
    }

    /// A paragraph's sentences: split after . ! or ? before a capital, a digit, a quote or code.
    static func sentences(_ paragraph: String) -> [String] {
        let marked = paragraph.replacingOccurrences(of: #"([.!?])\s+(?=[A-Z0-9`("*])"#, with: "$1\n",
                                                    options: .regularExpression)
        return marked.components(separatedBy: "\n")
    }

    static func words(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }

    /// The targets of `[text](target)` links outside code.
    var links: [String] {
        let prose = lines.enumerated().filter { !inFence.contains($0.offset) }.map(\.element).joined(separator: "\n")
            .replacingOccurrences(of: "`[^`\n]*`", with: "", options: .regularExpression)
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        return pattern.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)).map {
            String(prose[Range($0.range(at: 1), in: prose)!])
        }
    }

    /// The anchors GitHub gives the headings: lower case, punctuation dropped, spaces as hyphens.
    var anchors: Set<String> {
        Set(lines.enumerated().filter { !inFence.contains($0.offset) && $0.element.hasPrefix("#") }.map { line in
            let title = line.element.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            return String(title.compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
        })
    }

    /// The bodies of the runnable shell examples, in order.
    var runnableBlocks: [String] {
        var result: [String] = [], current: [String]?
        for line in lines {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == Self.runnableFence {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                result.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return result
    }
}
