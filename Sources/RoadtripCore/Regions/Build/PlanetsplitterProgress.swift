import Foundation

/// How far planetsplitter is, from what it prints without `--loggable`: a header per section (`Sort OSM Data`),
/// a line per finished step (`Sorted Nodes: Nodes=…`), and while it parses `Reading: Bytes=…` redrawn with `\r`.
/// Each section's share of the time was measured on the generated country of 1.1 GB (the roads kept, 470 MB:
/// 5 min): the parse an eighth, processing 42 %, pruning a quarter; a section advances by its steps (by bytes
/// while parsing).
struct PlanetsplitterProgress {
    private struct Section {
        let header: String
        let start: Double, end: Double
        /// The steps it prints (pruning prints one per transport; super-data repeats up to five times).
        let steps: Int
    }

    private static let sections = [
        Section(header: "Parse OSM Data", start: 0, end: 0.13, steps: 1),
        Section(header: "Sort OSM Data", start: 0.13, end: 0.21, steps: 4),
        Section(header: "Process OSM Data", start: 0.21, end: 0.63, steps: 15),
        Section(header: "Prune Unneeded Data", start: 0.63, end: 0.87, steps: 30),
        Section(header: "Process Super-Data", start: 0.87, end: 0.92, steps: 16),
        Section(header: "Combine Segments", start: 0.92, end: 0.93, steps: 1),
        Section(header: "Cross-Reference Nodes", start: 0.93, end: 0.99, steps: 4),
        Section(header: "Write Out Database Files", start: 0.99, end: 1, steps: 4),
    ]

    /// The size of the file it parses, for the parse's share.
    let inputBytes: Int64
    private var pending = ""
    private var section: Section?
    private var steps = 0
    private var parsed: Int64 = 0

    init(inputBytes: Int64) {
        self.inputBytes = inputBytes
    }

    /// 0 to 1.
    var fraction: Double {
        guard let section else { return 0 }
        let inner = section.header == Self.sections[0].header
            ? Double(parsed) / Double(max(1, inputBytes)) : Double(steps) / Double(section.steps)
        return section.start + (section.end - section.start) * min(1, inner)
    }

    /// Takes what planetsplitter wrote since the last call.
    mutating func read(_ output: Data) {
        pending += String(decoding: output, as: UTF8.self)
        var lines = pending.split(separator: "\n", omittingEmptySubsequences: false)
        pending = String(lines.removeLast())
        for line in lines {
            // A redrawn line's last state is the one after its last carriage return.
            let text = line.split(separator: "\r").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            if let next = Self.sections.first(where: { text.hasPrefix($0.header) }) {
                // Super-data's iterations come under one section: its steps go on counting.
                if next.header != section?.header { steps = 0 }
                section = next
            } else if text.contains(": "), text.contains("=") {
                steps += 1
            }
        }
        // The unfinished line's last complete redraw (ended by `\r`) counts: a number cut short would read
        // smaller. The parse's thousands of redraws are not kept.
        var redraws = pending.split(separator: "\r", omittingEmptySubsequences: false)
        pending = String(redraws.removeLast())
        if let reading = redraws.last, reading.hasPrefix("Reading: Bytes="),
           let bytes = Int64(reading.dropFirst("Reading: Bytes=".count).prefix { $0.isNumber }) {
            parsed = bytes
        }
    }
}
