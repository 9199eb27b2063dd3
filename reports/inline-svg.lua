-- reports/inline-svg.lua: the HTML's figures as plain-text SVG data URIs.
-- pandoc --self-contained embeds an SVG as base64, a third larger than the
-- file; a percent-encoded 'data:image/svg+xml,' URI costs a few bytes a tag.
-- For every SVG image (the report's figures: SVG by
-- --default-image-extension) it reads figures/NAME.svg from the directory in
-- the metadata field 'svg-dir' (set by the Makefile) and puts the URI in its
-- place; --self-contained leaves data: URIs alone. An image it cannot read
-- stops the render with its path (never a silently missing figure).
local dir

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
  local src = img.src:match('%.svg$') and img.src or (not img.src:match('%.[%a]+$') and img.src .. '.svg')
  if not src then return nil end
  local path = dir .. '/' .. src
  local f = io.open(path, 'rb')
  if not f then error('inline-svg.lua: cannot read ' .. path) end
  local svg = f:read('a'); f:close()
  img.src = 'data:image/svg+xml,' .. encode(svg)
  return img
end

return {{Meta = Meta}, {Image = Image}}
