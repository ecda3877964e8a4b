import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip config get|set|unset|list|path`: the settings file, one key at a time.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show or change the settings (config.toml).",
        discussion: "Settings file: $XDG_CONFIG_HOME/roadtrip/config.toml, else ~/.config/roadtrip/config.toml.\n"
            + "Keys:\n" + SettingKey.allCases.map { "  \($0.rawValue): \($0.hint); default \($0.documentedDefault)" }
            .joined(separator: "\n"),
        subcommands: [ConfigGetCommand.self, ConfigSetCommand.self, ConfigUnsetCommand.self, ConfigListCommand.self,
                      ConfigPathCommand.self],
        defaultSubcommand: ConfigListCommand.self
    )

    static var file: SettingsFile { SettingsFile(url: SettingsFile.defaultURL()) }

    /// The file's settings; its problems go to stderr (the values used instead are the defaults).
    static func read() -> SettingsFile.Contents {
        let contents = file.read()
        Output.printNotices(contents.problems)
        return contents
    }

    /// Runs a change, with the documented exit code for each way it can fail.
    static func change(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as SettingsError {
            throw error.isUserError ? CLIFailure.user(error.description) : CLIFailure.data(error.description)
        }
    }
}

extension CompletionKind {
    /// Tab on `config get|set|unset` offers the keys.
    static var settingKeys: CompletionKind { .list(SettingKey.allCases.map(\.rawValue)) }
}

struct ConfigGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print a setting's value (its default when the file does not set it).")

    @Argument(help: "The key, e.g. speed_kmh.", completion: .settingKeys) var key: String

    func run() throws {
        guard let setting = SettingKey(rawValue: key) else {
            throw CLIFailure.user(SettingsError.unknownKey(key).description)
        }
        print(TerminalSafe.line(setting.text(in: ConfigCommand.read().settings)))
    }
}

struct ConfigSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Check a value and save it in the settings file.",
        discussion: "Only this key's value changes: the file's other keys, comments and layout stay.")

    @Argument(help: "The key, e.g. speed_kmh.", completion: .settingKeys) var key: String
    @Argument(help: "The value, e.g. 90.") var value: String

    func run() throws {
        try ConfigCommand.change { try ConfigCommand.file.set(key, to: value) }
    }
}

struct ConfigUnsetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset", abstract: "Remove a setting from the file: back to its default.")

    @Argument(help: "The key, e.g. speed_kmh.", completion: .settingKeys) var key: String

    func run() throws {
        try ConfigCommand.change { try ConfigCommand.file.unset(key) }
    }
}

struct ConfigListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print every setting and its value; (default) when the file does not set it.")

    func run() throws {
        let contents = ConfigCommand.read()
        let width = SettingKey.allCases.map(\.rawValue.count).max() ?? 0
        for key in SettingKey.allCases {
            let name = key.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let marker = contents.keysFromFile.contains(key) ? "" : "  (default)"
            print("\(name)  \(TerminalSafe.line(key.text(in: contents.settings)))\(marker)")
        }
    }
}

struct ConfigPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path", abstract: "Print where the settings file is (it may not exist yet).")

    func run() throws {
        print(TerminalSafe.line(ConfigCommand.file.url.path))
    }
}
