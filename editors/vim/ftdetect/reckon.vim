" Reckon scenario files (docs/editors.md).
autocmd BufRead,BufNewFile *.rk setfiletype reckon
