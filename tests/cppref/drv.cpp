// The C++ reference MCR scorer as a batch, for bench's comparison
// (README.md here): one line of conv.py's a hand in, its total out.
// Built against a copy of the reference fetched outside the project.
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include "fan_calculator.h"
#include "stringify.h"
using namespace mahjong;
int main() {
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        int flags, rnd, seat, flowers;
        if (sscanf(tab + 1, "%d\t%d\t%d\t%d", &flags, &rnd, &seat, &flowers) != 4) continue;
        calculate_param_t p;
        memset(&p, 0, sizeof p);
        if (string_to_tiles(line, strlen(line), &p.hand_tiles, &p.win_tile) != PARSE_NO_ERROR) {
            puts("ERROR"); continue;
        }
        p.flower_count = (uint8_t)flowers;
        p.win_flag = (win_flag_t)flags;
        p.prevalent_wind = (wind_t)((int)wind_t::EAST + rnd);
        p.seat_wind = (wind_t)((int)wind_t::EAST + seat);
        fan_table_t ft;
        memset(&ft, 0, sizeof ft);
        int fan = calculate_fan(&p, &ft);
        printf("%d\n", fan);
    }
    return 0;
}
