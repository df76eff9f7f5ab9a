/* The hot loops of boardcore/_values/rng.py in C: the same SplitMix64 generator and the
 * same rejection rule, so every number drawn is the one the Python code draws.
 *
 * _rng.py uses these functions when this module was built (pip builds it when a
 * C compiler is present; the build is optional) and its own Python code
 * otherwise. tests/boardcore/test_rng.py checks that both give the same results.
 *
 * A generator state is reduced modulo 2**64 on the way in. The Python code masks
 * after its first addition, and (s + g) mod 2**64 equals ((s mod 2**64) + g)
 * mod 2**64, so the two agree for every integer state, negative ones included.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define GAMMA 0x9E3779B97F4A7C15ULL

static inline uint64_t mix(uint64_t *state)
{
    uint64_t z;
    *state += GAMMA;
    z = *state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A value uniform in 0 .. n-1 for 1 <= n < 2**64: a draw is rejected when it is at
 * or above the largest multiple of n that is at most 2**64, i.e. when it is among
 * the last (2**64 mod n) values. */
static inline uint64_t below(uint64_t *state, uint64_t n)
{
    uint64_t rest = (UINT64_MAX % n + 1) % n; /* 2**64 mod n */
    uint64_t value;
    do {
        value = mix(state);
    } while (rest != 0 && value > UINT64_MAX - rest);
    return value % n;
}

static int read_state(PyObject *obj, uint64_t *state)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "a generator state is an int, not %.80s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    *state = (uint64_t)PyLong_AsUnsignedLongLongMask(obj);
    if (*state == (uint64_t)-1 && PyErr_Occurred())
        return -1;
    return 0;
}

PyDoc_STRVAR(shuffled_doc, "shuffled(state, items) -> (tuple, state): Fisher-Yates, as _rng.shuffled.");

static PyObject *shuffled(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t state;
    PyObject *list, *result, *order;
    Py_ssize_t i;

    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffled() takes a state and a sequence of items");
        return NULL;
    }
    if (read_state(args[0], &state) < 0)
        return NULL;
    list = PySequence_List(args[1]);
    if (list == NULL)
        return NULL;
    for (i = PyList_GET_SIZE(list) - 1; i > 0; i--) {
        Py_ssize_t j = (Py_ssize_t)below(&state, (uint64_t)i + 1);
        PyObject *item = PyList_GET_ITEM(list, i);
        PyList_SET_ITEM(list, i, PyList_GET_ITEM(list, j));
        PyList_SET_ITEM(list, j, item);
    }
    order = PyList_AsTuple(list);
    if (order == NULL) {
        Py_DECREF(list);
        return NULL;
    }
    /* Fewer than two items draw nothing: the state goes back as it came, unreduced. */
    if (PyList_GET_SIZE(list) < 2)
        result = Py_BuildValue("(NO)", order, args[0]);
    else
        result = Py_BuildValue("(NK)", order, (unsigned long long)state);
    Py_DECREF(list);
    return result;
}

PyDoc_STRVAR(below_doc, "below(state, n) -> (value, state) for 1 <= n < 2**64, as _rng.below.");

static PyObject *below_py(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t state, n, value;

    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "below() takes a state and a bound");
        return NULL;
    }
    if (read_state(args[0], &state) < 0)
        return NULL;
    n = (uint64_t)PyLong_AsUnsignedLongLong(args[1]);
    if (n == (uint64_t)-1 && PyErr_Occurred())
        return NULL;
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "below() needs 1 <= n");
        return NULL;
    }
    value = below(&state, n);
    return Py_BuildValue("(KK)", (unsigned long long)value, (unsigned long long)state);
}

PyDoc_STRVAR(next_u64_doc, "next_u64(state) -> (value, state), as _rng.next_u64.");

static PyObject *next_u64(PyObject *Py_UNUSED(self), PyObject *arg)
{
    uint64_t state, value;

    if (read_state(arg, &state) < 0)
        return NULL;
    value = mix(&state);
    return Py_BuildValue("(KK)", (unsigned long long)value, (unsigned long long)state);
}

static PyMethodDef methods[] = {
    {"shuffled", (PyCFunction)(void (*)(void))shuffled, METH_FASTCALL, shuffled_doc},
    {"below", (PyCFunction)(void (*)(void))below_py, METH_FASTCALL, below_doc},
    {"next_u64", (PyCFunction)next_u64, METH_O, next_u64_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "boardcore._values._rng_c",
    "SplitMix64 draws and shuffles in C, number for number the same as boardcore._values.rng.",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__rng_c(void)
{
    return PyModule_Create(&module);
}
