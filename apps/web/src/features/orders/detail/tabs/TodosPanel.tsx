import { type Order, ORDERS_WEB_TEXT as T } from '@cab/shared';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useAddTodo, useCompleteTodo, useDeleteTodo, useTodos } from '../../api.ts';
import { AddLine, Loaded } from './parts.tsx';

export function TodosPanel({ order }: { order: Order }) {
  const todos = useTodos(order.id);
  const add = useAddTodo(order.id);
  const complete = useCompleteTodo(order.id);
  const remove = useDeleteTodo(order.id);
  return (
    <Box data-testid="todos-panel">
      <Loaded query={todos}>
        {({ results }) =>
          results.length === 0 ? (
            <Typography color="text.secondary">{T.noTodos}</Typography>
          ) : (
            <List dense>
              {results.map((t) => (
                <ListItem
                  key={t.id}
                  divider
                  data-testid="todo"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={T.deleteTodo}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(t.id)}
                    >
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  }
                >
                  <FormControlLabel
                    control={
                      <Checkbox
                        size="small"
                        checked={t.is_completed}
                        onChange={(e) => complete.mutate({ todoId: t.id, is_completed: e.target.checked })}
                      />
                    }
                    label={t.text}
                    sx={{ textDecoration: t.is_completed ? 'line-through' : undefined }}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </Loaded>
      <AddLine label={T.todo} button={T.addTodo} onAdd={(text) => add.mutateAsync(text)} testId="todo" />
    </Box>
  );
}
