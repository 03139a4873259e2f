/// The compact JSON text of `json`, members in stored order.
public func serialize(_ json: JSON) -> [UInt8] {
    var writer = JSONWriter()
    writer.value(json)
    return writer.bytes
}

extension JSONWriter {
    /// Writes a whole `JSON` value, members in stored order.
    public mutating func value(_ json: JSON) {
        switch json {
        case .null:
            null()
        case .bool(let bool):
            value(bool)
        case .number(let number):
            value(number)
        case .string(let string):
            value(string)
        case .array(let elements):
            beginArray()
            for element in elements { value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for (key, member) in object.members {
                self.key(key)
                value(member)
            }
            endObject()
        }
    }
}
