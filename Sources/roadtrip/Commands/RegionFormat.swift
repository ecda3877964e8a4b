import Foundation

/// How the `region` commands write areas and sizes.
enum RegionFormat {
    static func area(_ km2: Double) -> String {
        km2 >= 100 ? "\(grouped(Int(km2.rounded()))) km²" : String(format: "%.1f km²", km2)
    }

    /// 12,345
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    static func bytes(_ count: Int64) -> String {
        count >= 1 << 30 ? String(format: "%.1f GB", Double(count) / 1_073_741_824)
            : count >= 1 << 20 ? String(format: "%.1f MB", Double(count) / 1_048_576)
            : String(format: "%.0f kB", Double(count) / 1024)
    }

    /// What a folder holds on disk (the files' sizes, recursively).
    static func size(of folder: URL) -> Int64 {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        var total: Int64 = 0
        while let file = enumerator?.nextObject() as? URL {
            total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }
}
