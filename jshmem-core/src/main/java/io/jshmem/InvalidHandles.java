package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Set;

/**
 * The values behind {@link Context#INVALID} ({@code SHMEM_CTX_INVALID}) and the team it reports
 * ({@code SHMEM_TEAM_INVALID}). They are proxies so that they stay complete as the interfaces grow: every method
 * not given a meaning by OpenSHMEM 1.6 throws, naming the handle and the method. The meanings kept: destroy, quiet,
 * fence, session start and stop do nothing on the invalid context, its team is an invalid team (valid false, PE
 * numbers -1), and that team's createCtx returns the invalid context. Immutable and thread-safe.
 */
final class InvalidHandles {
    static final Context CONTEXT = (Context) Proxy.newProxyInstance(Context.class.getClassLoader(),
            new Class<?>[] {Context.class}, (proxy, method, args) -> context(proxy, method, args));
    static final Team TEAM = (Team) Proxy.newProxyInstance(Team.class.getClassLoader(),
            new Class<?>[] {Team.class}, (proxy, method, args) -> team(proxy, method, args));

    private InvalidHandles() {
    }

    private static Object context(Object proxy, Method method, Object[] args) {
        Object common = objectMethod(proxy, method, args, "Context[SHMEM_CTX_INVALID]");
        if (common != null) {
            return common;
        }
        switch (method.getName()) {
            case "close", "quiet", "fence", "sessionStart", "sessionStop":
                return null; // 1.6: no operation is performed on SHMEM_CTX_INVALID
            case "isDestroyed", "inSession":
                return false;
            case "options":
                return Set.of();
            case "team":
                return TEAM; // shmem_ctx_get_team: SHMEM_TEAM_INVALID
            default:
                throw new ShmemStateException("ctx is Context.INVALID (SHMEM_CTX_INVALID): it references no context,"
                        + " so " + method.getName() + " cannot run on it; create a context (createCtx) or use the"
                        + " runtime's default context");
        }
    }

    private static Object team(Object proxy, Method method, Object[] args) {
        Object common = objectMethod(proxy, method, args, "Team[TEAM_INVALID]");
        if (common != null) {
            return common;
        }
        switch (method.getName()) {
            case "isValid":
                return false;
            case "myPe", "nPes", "translatePe":
                return -1;
            case "destroy", "close":
                return null;
            case "createCtx":
                return CONTEXT; // shmem_team_create_ctx on SHMEM_TEAM_INVALID: SHMEM_CTX_INVALID
            default:
                throw new ShmemArgumentException("team is TEAM_INVALID (the team of Context.INVALID): "
                        + method.getName() + " cannot run on it; call team operations only on valid teams (check"
                        + " isValid())");
        }
    }

    /** equals, hashCode and toString of a handle compared by identity; null for the other methods. */
    private static Object objectMethod(Object proxy, Method method, Object[] args, String name) {
        if (method.getDeclaringClass() != Object.class) {
            return null;
        }
        return switch (method.getName()) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            default -> name;
        };
    }
}
