import Foundation

/// A file path typed into a prompt that starts with a folder: as in Emacs's file prompts, typing `/` or `~/`
/// after it starts over (`/home/me//etc/x.gpx` is `/etc/x.gpx`, `/home/me/~/x.gpx` is `~/x.gpx`), so an
/// absolute path can be typed without first erasing the folder. `~` is the home folder.
enum TypedPath {
    static func resolve(_ text: String) -> String {
        var path = text.trimmingCharacters(in: .whitespaces)
        if let restart = path.range(of: "//", options: .backwards) {
            path = String(path[path.index(before: restart.upperBound)...])
        }
        if let home = path.range(of: "/~/", options: .backwards) {
            path = String(path[path.index(after: home.lowerBound)...])
        }
        return (path as NSString).expandingTildeInPath
    }
}
