/*
** tables.c
** Embeds the tables gen_tables.c computed at build time (MJ_TABLES_PATH)
** as read-only data of the program.
*/
#ifndef MJ_TABLES_PATH
#error "MJ_TABLES_PATH must name the generated tables file"
#endif

__asm__(".section .rodata\n"
        ".global mj_tables_blob\n"
        ".type mj_tables_blob, @object\n"
        ".balign 64\n"
        "mj_tables_blob:\n"
        ".incbin \"" MJ_TABLES_PATH "\"\n"
        ".size mj_tables_blob, .-mj_tables_blob\n"
        ".previous\n");
