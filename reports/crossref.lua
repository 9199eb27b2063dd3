-- reports/crossref.lua: numbered figures and tables with references by
-- number, for the PDF and the HTML alike (pandoc-crossref is not packaged).
--   ![caption](figures/x){#fig:x}      a figure (an image alone in a paragraph)
--   : caption {#tbl:x}                 a table caption (after the pipe table)
--   @fig:x, @tbl:x                     "Figure N", "Table N" in the text
-- LaTeX numbers figures and tables itself (\label / \ref); for other formats
-- the filter numbers them in document order, which is the same order.
--   ::: htmlonly ... :::               blocks for the HTML only (tables of all
--                                      configurations): the PDF drops them; the
--                                      HTML numbers their tables A1, A2, ... so
--                                      the shared tables keep one number in both,
--                                      and a reference to one from the PDF reads
--                                      "a table of the HTML report".
local latex = FORMAT:match('latex') ~= nil
local num = {}
local htmlonly = {}
local nfig, ntbl, nhtml = 0, 0, 0

local function table_id(caption)
  local blocks = caption.long
  if #blocks == 0 then return nil end
  local inl = blocks[#blocks].content
  local last = inl[#inl]
  if last and last.t == 'Str' then
    local id = last.text:match('^{#(tbl:[%w_%-]+)}$')
    if id then
      inl:remove(#inl)
      if #inl > 0 and inl[#inl].t == 'Space' then inl:remove(#inl) end
      return id
    end
  end
  return nil
end

local function caption_id(b)
  local blocks = b.caption.long
  if #blocks == 0 then return nil end
  local inl = blocks[#blocks].content
  local last = inl[#inl]
  return last and last.t == 'Str' and last.text:match('^{#(tbl:[%w_%-]+)}$') or nil
end

local function number_blocks(blocks)
  local out = pandoc.List()
  for _, b in ipairs(blocks) do
    if b.t == 'Div' and b.classes:includes('htmlonly') then
      for _, t in ipairs(b.content) do
        if t.t == 'Table' then
          local cid = caption_id(t)
          if latex then
            if cid then htmlonly[cid] = true end
          elseif #t.caption.long > 0 then
            local id = table_id(t.caption)
            nhtml = nhtml + 1
            if id then num[id] = 'A' .. nhtml; t.attr.identifier = id end
            t.caption.long[1].content:insert(1, pandoc.Str('Table A' .. nhtml .. ': '))
          end
        end
      end
      if not latex then out:extend(b.content) end
      goto continue
    end
    out:insert(b)
    if b.t == 'Para' and #b.content == 1 and b.content[1].t == 'Image' and b.content[1].title:match('^fig:') then
      local img = b.content[1]
      nfig = nfig + 1
      if img.identifier ~= '' then num[img.identifier] = nfig end
      if not latex then
        img.caption:insert(1, pandoc.Str('Figure ' .. nfig .. ': '))
      end
    elseif b.t == 'Table' then
      if latex then
        -- a short table is kept whole (\reportkeep, reports/preamble.tex):
        -- its height in lines of text, a row of its smaller type 0.85 of
        -- one, a caption line (about 110 characters) one, and two for the
        -- rules and the space around; a long one may split
        local rows = #b.head.rows
        for _, body in ipairs(b.bodies) do rows = rows + #body.body end
        if rows <= 15 then
          local cap = pandoc.utils.stringify(b.caption.long)
          out:insert(#out, pandoc.RawBlock('latex', '\\reportkeep{' .. math.ceil(0.85 * rows + math.ceil(#cap / 110) + 2) .. '}'))
        end
      end
      local id = table_id(b.caption)
      if #b.caption.long > 0 then
        ntbl = ntbl + 1
        if id then num[id] = ntbl end
        local inl = b.caption.long[1].content
        if latex then
          if id then inl:insert(pandoc.RawInline('latex', '\\label{' .. id .. '}')) end
        else
          inl:insert(1, pandoc.Str('Table ' .. ntbl .. ': '))
          if id then b.attr.identifier = id end
        end
      elseif latex then
        -- longtable steps the table counter even without a caption: undo
        -- it, so LaTeX's numbers match the captioned tables (and the HTML).
        out:insert(pandoc.RawBlock('latex', '\\addtocounter{table}{-1}'))
      end
    end
    ::continue::
  end
  return out
end

local function ref(c)
  local cit = c.citations[1]
  local id = cit.id
  local kind = id:match('^(fig):') or id:match('^(tbl):')
  if not kind or #c.citations ~= 1 then return nil end
  local word = kind == 'fig' and 'Figure' or 'Table'
  if latex and htmlonly[id] then return pandoc.Emph('a table of the HTML report') end
  if latex then return pandoc.RawInline('latex', word .. '~\\ref{' .. id .. '}') end
  local n = num[id]
  if not n then
    io.stderr:write('crossref.lua: no figure or table ' .. id .. '\n')
    return pandoc.Str(word .. ' ??')
  end
  return pandoc.Link(word .. ' ' .. n, '#' .. id)
end

return {
  { Pandoc = function(doc) doc.blocks = number_blocks(doc.blocks); return doc end },
  { Cite = ref },
}
