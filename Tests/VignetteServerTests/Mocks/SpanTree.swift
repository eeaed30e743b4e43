import InMemoryTracing
import Tracing

/// Finished spans as a tree: an indented outline (children sorted by name)
/// and each span's attributes by operation name (the first of that name).
struct SpanTree {
    let spans: [String: FinishedInMemorySpan]
    /// "name", "  child", "    grandchild", …
    let outline: [String]

    init(_ finished: [FinishedInMemorySpan]) {
        var byName: [String: FinishedInMemorySpan] = [:]
        for span in finished where byName[span.operationName] == nil { byName[span.operationName] = span }
        spans = byName
        let children = Dictionary(grouping: finished) { $0.parentSpanID ?? "" }
        func lines(_ parent: String, depth: Int) -> [String] {
            (children[parent] ?? []).sorted { $0.operationName < $1.operationName }.flatMap {
                [String(repeating: "  ", count: depth) + $0.operationName] + lines($0.spanID, depth: depth + 1)
            }
        }
        outline = lines("", depth: 0)
    }

    /// The attributes of the span named `name`.
    subscript(name: String) -> SpanAttributes? { spans[name]?.attributes }

    /// Every attribute value and status message, as text.
    var everyValue: [String] {
        spans.values.flatMap { span -> [String] in
            var values: [String] = span.status?.message.map { [$0] } ?? []
            // SpanAttributes is no Sequence: forEach is its only iteration.
            // swift-format-ignore: ReplaceForEachWithForLoop
            span.attributes.forEach { _, value in values.append("\(value)") }
            return values
        }
    }
}
