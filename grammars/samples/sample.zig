const std = @import("std");
pub const Point = struct {
    x: i32,
    pub fn init() Point { return .{ .x = 0 }; }
};
const E = enum { a, b };
pub fn main() !void {
    std.debug.print("hi", .{});
}
test "basic" {}
