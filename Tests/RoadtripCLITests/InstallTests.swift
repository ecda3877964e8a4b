import Foundation
import RoadtripCore
import XCTest

/// `make install`'s man page and shell completions, installed from this build into a temporary DESTDIR the way
/// `make install` installs the release build: the files land where man and the shells look, the page renders
/// without a warning, and bash completes subcommands, trip names (read back from the trips file) and formats.
final class InstallTests: CLITestCase {
    private static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var destination: URL { directory.appendingPathComponent("dest") }
    private var prefix: URL { destination.appendingPathComponent("usr") }

    /// Runs a program found on PATH (what a user's shell would run).
    private func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 120,
                     file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: environment,
                                           timeout: timeout)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)", file: file, line: line)
        return result
    }

    /// `make install-built` with this build's binary (what `make install` runs after its release build).
    private func install(_ target: String = "install-built") throws {
        let tool = Self.checkout.appendingPathComponent(".build/tools/release/generate-manual")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            return XCTFail("\(tool.path) is missing: run `make test-deps` (it builds argument-parser's generate-manual)")
        }
        try run(["make", "--no-print-directory", "-C", Self.checkout.path, target,
                 "BIN=\(BuiltProducts.url("roadtrip").path)", "DESTDIR=\(destination.path)", "PREFIX=/usr"])
    }

    private static let installed = [
        "bin/roadtrip", "share/man/man1/roadtrip.1", "share/bash-completion/completions/roadtrip",
        "share/zsh/site-functions/_roadtrip", "share/fish/vendor_completions.d/roadtrip.fish",
        "share/roadtrip/places/gazetteer.bin", "share/roadtrip/timezones/timezones.bin",
    ]

    func testInstallPutsTheManPageAndCompletionsWhereTheyAreLookedForAndUninstallRemovesThem() throws {
        try install()
        for path in Self.installed {
            let size = (try? FileManager.default.attributesOfItem(atPath: prefix.appendingPathComponent(path).path)[.size]
                        as? Int) ?? 0
            XCTAssertGreaterThan(size, 0, "\(path) is not installed")
        }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/roadtrip").path))
        let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_roadtrip"), encoding: .utf8)
        XCTAssertTrue(zsh.hasPrefix("#compdef roadtrip"), String(zsh.prefix(80)))
        let fish = try String(contentsOf: prefix.appendingPathComponent("share/fish/vendor_completions.d/roadtrip.fish"),
                              encoding: .utf8)
        XCTAssertTrue(fish.contains("complete -c 'roadtrip'") || fish.contains("complete -c roadtrip"), fish)

        try install("uninstall")
        for path in Self.installed {
            XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path),
                           "\(path) is left after uninstall")
        }
    }

    /// The page is generated from the command tree's help: every subcommand is in it, and groff and man render it
    /// without a single warning.
    func testTheManPageRendersWithoutWarnings() throws {
        try install()
        let page = prefix.appendingPathComponent("share/man/man1/roadtrip.1").path
        let lint = try run(["groff", "-mandoc", "-Tutf8", "-ww", "-z", page])
        XCTAssertEqual(lint.stderr, "", "groff warns")
        let man = try run(["man", "-l", page], environment: ["MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat"])
        XCTAssertEqual(man.stderr, "", "man warns")
        XCTAssertTrue(man.stdout.contains("roadtrip — Plan road trips in the terminal."), man.stdout)
        // The hand-written parts (docs/roadtrip.1.in) in their places.
        XCTAssertTrue(man.stdout.contains("roadtrip plans road trips in the terminal, offline"), man.stdout)
        XCTAssertTrue(man.stdout.contains("EXAMPLES\n") && man.stdout.contains("roadtrip add-stop Highlands --place Inverness"),
                      man.stdout)
        let help = try run([BuiltProducts.url("roadtrip").path, "--help"]).stdout
        for subcommand in ["list", "show", "export", "import", "config", "set-date", "routing-data"] {
            XCTAssertTrue(help.contains("  \(subcommand) "), "\(subcommand) is not in --help")
            XCTAssertTrue(man.stdout.contains("\n     \(subcommand)"), "\(subcommand) is not in the man page")
        }
        XCTAssertTrue(man.stdout.contains("--format"), "the export options are described")
    }

    /// bash, with the installed script and the installed binary on PATH, asked for completions (subcommands, trip
    /// names from the trips file or the one `--data` names, formats, setting keys) the way readline asks: COMP_WORDS,
    /// COMP_CWORD, COMP_LINE, COMP_POINT, then the function `complete -p` names.
    func testBashCompletesSubcommandsTripNamesAndFormats() throws {
        try install()
        try roadtrip("new", "Route 66")
        try roadtrip("new", "Golden Week Japan")
        let other = directory.appendingPathComponent("other.json")
        try roadtrip("new", "Alps loop", data: other)
        let script = """
            set -u
            source "$1"
            spec=$(complete -p roadtrip) || exit 3
            function=${spec#*-F }; function=${function%% *}
            ask() {
                COMP_LINE=$1; COMP_POINT=${#COMP_LINE}
                read -r -a COMP_WORDS <<< "$COMP_LINE"
                [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMPREPLY=()
                "$function" roadtrip "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s|' "${COMPREPLY[@]}"; echo
            }
            ask 'roadtrip sh'
            ask 'roadtrip se'
            ask 'roadtrip show '
            ask 'roadtrip show Go'
            ask 'roadtrip export route --format '
            ask 'roadtrip map --data \(other.path) '
            ask 'roadtrip config set speed'
            """
        let bash = try run(["bash", "--norc", "--noprofile", "-c", script, "bash",
                            prefix.appendingPathComponent("share/bash-completion/completions/roadtrip").path],
                           environment: ["PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin",
                                         "ROADTRIP_DATA": dataFile.path])
        XCTAssertEqual(bash.stdout.split(separator: "\n", omittingEmptySubsequences: false), [
            "show|",
            "set-date|set-stop|set-trip|",
            "Golden Week Japan|Route 66|",
            "Golden Week Japan|",
            "gpx|kml|geojson|md|ics|",
            "Alps loop|",
            "speed_kmh|",
            "",
        ], bash.stderr)
    }
}
