import RoadtripCore

/// What the commands that route say about the installed regions.
enum RegionNotices {
    /// A line for each damaged region folder: it is left out, and why.
    static func damaged(_ installed: InstalledRegions) -> [String] {
        installed.problems.sorted { $0.key < $1.key }.map { folder, problem in
            "the region folder \(TerminalSafe.line(folder)) is damaged and not used: \(problem) "
                + "(see roadtrip region list)"
        }
    }
}
