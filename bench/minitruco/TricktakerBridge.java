/*
 * tricktaker's bridge to minitruco's bot strategies (bench/minitruco_match.py).
 *
 * Why: issue 23 measures our levels against minitruco's two strategies, the strongest
 * open-source Truco bots we know. They are Java; this reads one decision a line on
 * stdin, fills minitruco's SituacaoJogo (what its bot sees) and answers with what the
 * strategy returns, so the match is played by our engine with their decisions. Built
 * against a minitruco checkout that the user supplies; nothing of minitruco is kept here.
 *
 * A line: KIND STRATEGY SEED POS ROUND R1 R2 R3 VALUE NEXT ASKER OPENER MANILHA P1 P2
 *         CANDOWN HAND PLAYED PARTNER
 *   KIND: J (joga), A (aceitaTruco), M (aceitaMaoDeX); cards as minitruco writes them
 *   ("Ac", "7p"), "XX" a card face down, "--" none; HAND and PARTNER comma-joined ("-"
 *   for none), PLAYED twelve cards comma-joined (round by round, positions 1 to 4).
 * The answer: the integer joga returns, or 1/0 for a yes/no; "E ..." where the strategy
 * threw (the caller plays the first card, or says no).
 */
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

import me.chester.minitruco.core.Carta;
import me.chester.minitruco.core.Estrategia;
import me.chester.minitruco.core.EstrategiaGasparotto;
import me.chester.minitruco.core.EstrategiaSellani;
import me.chester.minitruco.core.SituacaoJogo;

public final class TricktakerBridge {
    private TricktakerBridge() {
    }

    /** The strategy's own static Random, reseeded before each decision: a run replays. */
    private static Random randomOf(Class<?> cls) throws ReflectiveOperationException {
        Field f = cls.getDeclaredField("rand");
        f.setAccessible(true);
        return (Random) f.get(null);
    }

    private static Carta card(String s) {
        if (s.equals("--")) {
            return null;
        }
        if (s.equals("XX")) {
            Carta c = new Carta(Carta.LETRA_NENHUMA, Carta.NAIPE_NENHUM);
            c.setFechada(true);
            return c;
        }
        return new Carta(s);
    }

    private static Carta[] cards(String s) {
        if (s.equals("-")) {
            return new Carta[0];
        }
        String[] parts = s.split(",");
        Carta[] out = new Carta[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = card(parts[i]);
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.OFF);
        Map<String, Estrategia> strategies = new HashMap<>();
        Map<String, Random> randoms = new HashMap<>();
        strategies.put("gasparotto", new EstrategiaGasparotto());
        randoms.put("gasparotto", randomOf(EstrategiaGasparotto.class));
        strategies.put("sellani", new EstrategiaSellani());
        randoms.put("sellani", randomOf(EstrategiaSellani.class));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        PrintStream out = new PrintStream(System.out, true, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            String[] t = line.trim().split(" ");
            if (t.length != 19 || !strategies.containsKey(t[1])) {
                out.println("E bad line");
                continue;
            }
            Estrategia strategy = strategies.get(t[1]);
            randoms.get(t[1]).setSeed(Long.parseLong(t[2]));
            SituacaoJogo s = new SituacaoJogo();
            s.posJogador = Integer.parseInt(t[3]);
            s.numRodadaAtual = Integer.parseInt(t[4]);
            for (int i = 0; i < 3; i++) {
                s.resultadoRodada[i] = Integer.parseInt(t[5 + i]);
            }
            s.valorMao = Integer.parseInt(t[8]);
            s.valorProximaAposta = Integer.parseInt(t[9]);
            s.posJogadorPedindoAumento = Integer.parseInt(t[10]);
            s.posJogadorQueAbriuRodada = Integer.parseInt(t[11]);
            s.manilha = t[12].charAt(0);
            s.pontosEquipe[0] = Integer.parseInt(t[13]);
            s.pontosEquipe[1] = Integer.parseInt(t[14]);
            s.podeFechada = t[15].equals("1");
            s.baralhoSujo = true;
            s.cartasJogador = cards(t[16]);
            Carta[] played = cards(t[17]);
            for (int r = 0; r < 3; r++) {
                for (int p = 0; p < 4; p++) {
                    s.cartasJogadas[r][p] = played[4 * r + p];
                }
            }
            try {
                switch (t[0]) {
                    case "J":
                        out.println(strategy.joga(s));
                        break;
                    case "A":
                        out.println(strategy.aceitaTruco(s) ? 1 : 0);
                        break;
                    case "M":
                        out.println(strategy.aceitaMaoDeX(cards(t[18]), s) ? 1 : 0);
                        break;
                    default:
                        out.println("E bad kind");
                }
            } catch (RuntimeException e) {
                out.println("E " + e);
            }
        }
    }
}
