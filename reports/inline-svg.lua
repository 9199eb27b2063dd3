-- reports/inline-svg.lua: the HTML's images as data URIs, so that the page
-- is one self-contained file without pandoc's --self-contained (which
-- parses the whole page again: 3 of the HTML's 7 s). The figures as
-- plain-text SVG: base64 is a third larger than the file; a
-- percent-encoded 'data:image/svg+xml,' URI costs a few bytes a tag. For
-- every SVG image (the report's figures: SVG by --default-image-extension)
-- it reads figures/NAME.svg from the directory in the metadata field
-- 'svg-dir' (set by the Makefile) and puts the URI in its place; a PNG (the
-- ray tracer's image) it reads from svg-dir's html/ (the half-size copy the
-- Makefile makes there), as base64. An image it cannot read stops the
-- render with its path (never a silently missing figure).
local dir

local b64chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
local function base64(s)
  local out = {}
  for i = 1, #s, 3 do
    local a, b, c = s:byte(i, i + 2)
    local n = (a << 16) | ((b or 0) << 8) | (c or 0)
    local q = {}
    for k = 1, 4 do q[k] = b64chars:sub(((n >> (6 * (4 - k))) & 63) + 1, ((n >> (6 * (4 - k))) & 63) + 1) end
    if not b then q[3] = '=' end
    if not c then q[4] = '=' end
    out[#out + 1] = table.concat(q)
  end
  return table.concat(out)
end

local function slurp(path)
  local f = io.open(path, 'rb')
  if not f then error('inline-svg.lua: cannot read ' .. path) end
  local data = f:read('a'); f:close()
  return data
end

local function encode(s)
  s = s:gsub('%s+', ' ')                       -- newlines and runs of blanks: XML-equivalent
  s = s:gsub('xlink:href=', 'href=')            -- SVG 2
  s = s:gsub('rgb%(%s*(%d+),%s*(%d+),%s*(%d+)%)', function(r, g, b)  -- gnuplot's colours, shorter
    return string.format('#%02x%02x%02x', tonumber(r), tonumber(g), tonumber(b)) end)
  -- percent-encoded: what a URI or pandoc's attribute escaping (&#39;, &lt;) would grow
  return (s:gsub('[%%#<>"\'&]', function(c) return string.format('%%%02X', c:byte()) end))
end

function Meta(m)
  if m['svg-dir'] then dir = pandoc.utils.stringify(m['svg-dir']) end
end

function Image(img)
  if not dir or img.src:match('^data:') then return nil end
  if img.src:match('%.png$') then
    img.src = 'data:image/png;base64,' .. base64(slurp(dir .. '/html/' .. img.src))
    return img
  end
  local src = img.src:match('%.svg$') and img.src or (not img.src:match('%.[%a]+$') and img.src .. '.svg')
  if not src then error('inline-svg.lua: an image neither SVG nor PNG: ' .. img.src) end
  img.src = 'data:image/svg+xml,' .. encode(slurp(dir .. '/' .. src))
  return img
end

return {{Meta = Meta}, {Image = Image}}
