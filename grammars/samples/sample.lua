local M = {}
function M.greet(name) return name end
function M:method() end
local function helper(x) return x end
function global_fn() end
M.run = function() end
return M
